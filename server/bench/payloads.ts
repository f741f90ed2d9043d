// Request bodies for the scoring targets of the HTTP bench (`score`, `analyze`). Every call returns
// a different, valid body spread over many users, cards, IPs and e-mails, so the engine does the
// work of a real stream: index range scans over real history, new and returning users, cards
// shared across users now and then, a mix of allow / challenge / block outcomes (and so of webhook
// outbox writes). Deterministic for a given start (a counter, no randomness), so runs compare.
//
// The traffic is shaped like customers, not like an attack: a user pays with one of their own two
// cards (one payment in a hundred with a card a household shares) from their own address (one in
// ten from a mobile carrier's shared NAT pool). An earlier version drew cards and IPs independently
// of the user over 5,000 IPs: within a minute every IP had seen ten distinct cards, which is what
// card testing looks like, and the bench measured an alert storm on every address instead of
// scoring (that case is the detection bench's business: server/bench/detection.ts).

let n = 0;
const pick = <T>(xs: readonly T[], i: number): T => xs[i % xs.length] as T;

const USERS = 20_000;
/** Cards 0 … 2·USERS−1 belong to one user each; the household cards come after them. */
const HOUSEHOLD_CARDS = 300;
/** Addresses 0 … USERS−1 are homes; the carrier NAT pool comes after them. */
const NAT_POOL = 2_000;
// About one request in twenty has something wrong with it (an unknown BIN, a disposable e-mail…),
// so the decisions mix like real traffic: mostly allow, some challenge, a few block.
const BINS = [
  "411111",
  "555555",
  "378282",
  "601100",
  "400000",
  "222100",
  "353011",
  "520082",
  "424242",
  "510510",
  "999999",
  "453201",
  "371449",
  "601111",
  "356600",
  "541333",
  "476173",
  "530125",
  "402400",
  "545454",
];
const CURRENCIES = ["USD", "EUR", "GBP", "USD", "USD", "JPY", "CAD"];
const DOMAINS = [...Array.from({ length: 24 }, (_, d) => `mail${d}.example.com`), "mailinator.com"];
const CATEGORIES = ["5411", "5732", "5812", "7995", "4829", "digital_goods", "5999"];
const METHODS = ["card", "card", "card", "card", "wallet", "bank_transfer"] as const;
const WALLETS = ["apple_pay", "google_pay", "paypal"] as const;

// A cheap deterministic scramble, so neighbouring requests do not share user, card and IP.
const mix = (i: number, salt: number) => Math.abs(Math.imul(i ^ salt, 2654435761) ^ (i >>> 7)) >>> 0;

/** A distinct public IPv4 address per index (< 65,536), one in fifty in a private range instead. */
function address(ip: number): string {
  return ip % 50 === 0
    ? `10.${(ip >> 8) & 255}.${ip & 255}.${((ip * 7) % 254) + 1}`
    : `${11 + (ip % 180)}.${(ip >> 8) & 255}.${ip & 255}.${((ip * 7) % 254) + 1}`;
}

/** A body for POST /v1/transactions/score (and Surface B analyze), every field varied. */
export function scorePayload(): Record<string, unknown> {
  const i = n++;
  const u = mix(i, 0x9e37) % USERS;
  const user = `bu_${u}`;
  const card = mix(i, 0x5bd1) % 100 === 0 ? 2 * USERS + (mix(i, 0x85eb) % HOUSEHOLD_CARDS) : 2 * u + (mix(i, 0x85eb) & 1);
  const ip = mix(i, 0xc2b2) % 10 === 0 ? USERS + (mix(i, 0x27d4) % NAT_POOL) : u;
  const method = pick(METHODS, mix(i, 0x27d4));
  const paymentMethod: Record<string, unknown> =
    method === "card"
      ? {
          type: "card",
          card_bin: pick(BINS, card),
          // (BIN, last four) is distinct for every card index below 180,000.
          last_four: String(1000 + (Math.floor(card / BINS.length) % 9000)),
          expiry_month: 1 + (card % 12),
          expiry_year: 2027 + (card % 6),
        }
      : method === "wallet"
        ? { type: "wallet", wallet_type: pick(WALLETS, i) }
        : { type: "bank_transfer" };
  return {
    amount: 100 + (mix(i, 0x165667) % 250_000),
    currency: pick(CURRENCIES, mix(i, 0x1b87) % 7),
    payment_method: paymentMethod,
    user: {
      id: user,
      // One address per user (one user in twenty-five on a disposable domain), one phone per user.
      email: `${user}@${pick(DOMAINS, mix(u, 0x3c6e) % 101)}`,
      ip_address: address(ip),
      phone: `+1415${2_000_000 + u}`,
    },
    merchant: { id: `m_${i % 200}`, category: pick(CATEGORIES, mix(i, 0x51ed)) },
    metadata: { order_id: `o_${i}` },
  };
}

let k = 0;
/** A fresh X-Idempotency-Key for Surface B (16 to 128 url-safe characters). */
export function idempotencyKey(): string {
  return `bench-${process.pid}-${(k++).toString(36).padStart(10, "0")}`;
}
