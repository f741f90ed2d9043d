import type { Rng } from "./rng";

// Realistic-looking customers for the demo stream: names, US addresses and phones that pass the
// identity checks, public IPs, browsers, cards. Everything is drawn from the seeded PRNG.

const FIRST = [
  "Olivia",
  "Liam",
  "Emma",
  "Noah",
  "Ava",
  "Ethan",
  "Sophia",
  "Mason",
  "Isabella",
  "Lucas",
  "Mia",
  "Logan",
  "Amelia",
  "James",
  "Harper",
  "Aiden",
  "Evelyn",
  "Elijah",
  "Abigail",
  "Benjamin",
  "Emily",
  "Henry",
  "Ella",
  "Daniel",
  "Grace",
  "Samuel",
  "Chloe",
  "David",
  "Nora",
  "Carlos",
  "Priya",
  "Wei",
  "Fatima",
  "Kenji",
  "Sofia",
  "Mateo",
  "Aisha",
  "Omar",
  "Hana",
  "Diego",
];
const LAST = [
  "Smith",
  "Johnson",
  "Williams",
  "Brown",
  "Jones",
  "Garcia",
  "Miller",
  "Davis",
  "Rodriguez",
  "Martinez",
  "Hernandez",
  "Lopez",
  "Wilson",
  "Anderson",
  "Thomas",
  "Taylor",
  "Moore",
  "Jackson",
  "Martin",
  "Lee",
  "Perez",
  "Thompson",
  "White",
  "Harris",
  "Clark",
  "Lewis",
  "Robinson",
  "Walker",
  "Young",
  "Allen",
  "Nguyen",
  "Patel",
  "Kim",
  "Chen",
  "Okafor",
  "Schmidt",
  "Rossi",
  "Novak",
  "Silva",
  "Haddad",
];
const STREETS = [
  "Oak",
  "Maple",
  "Cedar",
  "Pine",
  "Elm",
  "Walnut",
  "Chestnut",
  "Willow",
  "Lake",
  "Hill",
  "Park",
  "Washington",
  "Lincoln",
  "Jefferson",
  "Madison",
  "Franklin",
  "Highland",
  "Sunset",
  "River",
  "Church",
];
const SUFFIX = ["Street", "Avenue", "Road", "Drive", "Lane", "Boulevard", "Court", "Place"];
// City, state, a ZIP prefix and an area code of that place (so phone and address agree).
const CITIES: [string, string, string, string][] = [
  ["San Francisco", "CA", "941", "415"],
  ["Los Angeles", "CA", "900", "213"],
  ["Seattle", "WA", "981", "206"],
  ["Portland", "OR", "972", "503"],
  ["Denver", "CO", "802", "303"],
  ["Austin", "TX", "787", "512"],
  ["Chicago", "IL", "606", "312"],
  ["Boston", "MA", "021", "617"],
  ["New York", "NY", "100", "212"],
  ["Atlanta", "GA", "303", "404"],
  ["Miami", "FL", "331", "305"],
  ["Phoenix", "AZ", "850", "602"],
];
const MAIL = ["gmail.com", "outlook.com", "yahoo.com", "icloud.com", "proton.me", "fastmail.com"];
const BROWSERS = [
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36",
  "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_4) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15",
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1",
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Mobile Safari/537.36",
  "Mozilla/5.0 (X11; Linux x86_64; rv:125.0) Gecko/20100101 Firefox/125.0",
];
// First octets of ordinary public unicast space (no private, loopback, CGNAT or documentation ranges).
const PUBLIC_OCTETS = [24, 31, 37, 45, 50, 62, 68, 71, 73, 76, 81, 86, 90, 98, 108, 151, 174, 188, 212, 217];
// Real issuer BIN prefixes of common consumer cards.
export const BINS = [
  "414720",
  "426684",
  "453275",
  "476173",
  "491653",
  "510805",
  "522123",
  "530125",
  "542418",
  "552433",
  "601100",
  "371449",
];
export const CATEGORIES = [
  "grocery",
  "electronics",
  "apparel",
  "travel",
  "restaurants",
  "books",
  "home_goods",
  "pharmacy",
  "digital_goods",
];

export type Card = { card_bin: string; last_four: string; expiry_month: number; expiry_year: number };
export type Address = { line1: string; city: string; state: string; postal_code: string; country: string };
export type Person = {
  userId: string;
  firstName: string;
  lastName: string;
  email: string;
  dateOfBirth: string;
  address: Address;
  phone: string;
  ip: string;
  device: string;
  userAgent: string;
  card: Card;
  currency: string;
};

export function publicIp(rng: Rng): string {
  return `${rng.pick(PUBLIC_OCTETS)}.${rng.int(1, 254)}.${rng.int(0, 255)}.${rng.int(1, 254)}`;
}

export function card(rng: Rng): Card {
  return {
    card_bin: rng.pick(BINS),
    last_four: rng.digits(4),
    expiry_month: rng.int(1, 12),
    expiry_year: new Date().getUTCFullYear() + rng.int(1, 5),
  };
}

export function device(rng: Rng, prefix = "dev"): string {
  return `${prefix}-${rng.digits(6)}${rng.digits(6)}`;
}

export function address(rng: Rng): Address {
  const [city, state, zip] = rng.pick(CITIES);
  return {
    line1: `${rng.int(10, 9899)} ${rng.pick(STREETS)} ${rng.pick(SUFFIX)}`,
    city,
    state,
    postal_code: `${zip}${rng.digits(2)}`,
    country: "US",
  };
}

/** A US number with the area code of the address's city (valid for libphonenumber). */
export function phoneFor(rng: Rng, a: Address): string {
  const area = CITIES.find((c) => c[0] === a.city)?.[3] ?? "415";
  return `+1${area}${rng.int(2, 9)}${rng.digits(2)}${rng.digits(4)}`;
}

export function person(rng: Rng, userId: string): Person {
  const firstName = rng.pick(FIRST);
  const lastName = rng.pick(LAST);
  const a = address(rng);
  const year = rng.int(1950, 2003);
  return {
    userId,
    firstName,
    lastName,
    email: `${firstName}.${lastName}${rng.int(1, 999)}@${rng.pick(MAIL)}`.toLowerCase(),
    dateOfBirth: `${year}-${String(rng.int(1, 12)).padStart(2, "0")}-${String(rng.int(1, 28)).padStart(2, "0")}`,
    address: a,
    phone: phoneFor(rng, a),
    ip: publicIp(rng),
    device: device(rng),
    userAgent: rng.pick(BROWSERS),
    card: card(rng),
    currency: rng.chance(0.85) ? "USD" : rng.pick(["EUR", "GBP", "CAD"]),
  };
}

export function browser(rng: Rng): string {
  return rng.pick(BROWSERS);
}

/** POST /v1/identity/verify body of an individual. */
export function identityBody(p: Person, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    user_id: p.userId,
    type: "individual",
    first_name: p.firstName,
    last_name: p.lastName,
    date_of_birth: p.dateOfBirth,
    address: p.address,
    phone: p.phone,
    email: p.email,
    ...extra,
  };
}

/** A US passport number of the valid shape (a letter or digit, then 8 digits). */
export function passport(rng: Rng): { type: string; number: string; issuing_country: string; expiry_date: string } {
  return {
    type: "passport",
    number: `${rng.pick(["A", "C", "E", "5"])}${rng.digits(8)}`,
    issuing_country: "US",
    expiry_date: `${new Date().getUTCFullYear() + rng.int(2, 9)}-06-30`,
  };
}
