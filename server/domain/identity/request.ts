import { z } from "@hono/zod-openapi";
import countries from "i18n-iso-countries";

// The request body of POST /v1/identity/verify and POST /api/v1/verifications
// (server/domain/identity/README.md), shared by both surfaces. Field errors carry the dotted path
// of the field (`address.country`).

const isoDate = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar date in YYYY-MM-DD (2023-02-30 is refused). */
export function isRealDate(value: string): boolean {
  const m = isoDate.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}

const text = (max = 200) => z.string().trim().min(1).max(max);
export const countryCode = z
  .string()
  .refine((v) => /^[A-Z]{2}$/.test(v) && countries.isValid(v), { message: "must be an ISO 3166-1 alpha-2 country code (e.g. US, GB)" });
export const e164 = z.string().regex(/^\+[1-9]\d{6,14}$/, "must be an E.164 phone number (e.g. +14155550123)");
const date = z.string().refine(isRealDate, { message: "must be a real date in YYYY-MM-DD format" });

export const AddressSchema = z
  .object({
    line1: text(300),
    line2: z.string().max(300).optional(),
    city: text(200),
    state: text(100),
    postal_code: text(20),
    country: countryCode,
  })
  .openapi("Address");

const pastDate = date
  .refine((v) => Date.parse(v) <= Date.now(), { message: "must not be in the future" })
  .refine((v) => Number(v.slice(0, 4)) >= 1900, { message: "must be 1900-01-01 or later" });

const common = {
  // Echoed as sent, like the score's `user.id`: trimming it made " u1 " a user the
  // watchlist lookup by user_id could not find.
  user_id: z.string().min(1).max(200),
  session_id: z.string().min(1).max(200).optional(),
};

export const IndividualSchema = z.object({
  ...common,
  type: z.literal("individual"),
  first_name: text(),
  last_name: text(),
  date_of_birth: pastDate,
  address: AddressSchema,
  document: z
    .object({
      type: z.enum(["passport", "drivers_license", "national_id"]).optional(),
      number: z.string().trim().min(1).max(64).optional(),
      issuing_country: countryCode.optional(),
      expiry_date: date.optional(),
    })
    .optional(),
  phone: e164.optional(),
  email: z.email().max(320).optional(),
  liveness: z
    .object({
      provider: text(100),
      reference: text(200),
      result: z.enum(["pass", "fail"]).optional(),
      score: z.number().min(0).max(1).optional(),
    })
    .optional()
    .openapi({
      description:
        "Liveness evidence from the account's liveness vendor (addition). Without `result` the check waits for POST /v1/identity/verifications/{id}/liveness.",
    }),
});

export const BusinessSchema = z.object({
  ...common,
  type: z.literal("business"),
  legal_name: text(300),
  registration_number: text(64),
  country: countryCode,
  registered_address: AddressSchema,
});

export const VerifyRequestSchema = z.discriminatedUnion("type", [IndividualSchema, BusinessSchema]).openapi("IdentityVerificationRequest");

export type IndividualRequest = z.infer<typeof IndividualSchema>;
export type BusinessRequest = z.infer<typeof BusinessSchema>;
export type VerifyRequest = IndividualRequest | BusinessRequest;
