import { getCountryCallingCode, parsePhoneNumberFromString, type CountryCode } from "libphonenumber-js";

/** phone_match: the number is valid and belongs to the calling code of the address country. */
export function checkPhone(phone: string, addressCountry: string): { ok: boolean; detail: string } {
  const parsed = parsePhoneNumberFromString(phone);
  if (!parsed || !parsed.isValid()) return { ok: false, detail: "The phone number is not a valid number for any country." };
  let expected: string;
  try {
    expected = getCountryCallingCode(addressCountry as CountryCode);
  } catch {
    return { ok: false, detail: `No calling code is known for ${addressCountry}.` };
  }
  if (parsed.countryCallingCode !== expected) {
    return {
      ok: false,
      detail: `The phone number is from +${parsed.countryCallingCode}${parsed.country ? ` (${parsed.country})` : ""}, the address is in ${addressCountry} (+${expected}).`,
    };
  }
  return { ok: true, detail: `The phone number's country (+${expected}) matches the address country.` };
}
