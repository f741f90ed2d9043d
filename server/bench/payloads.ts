// Request bodies for the scoring targets of the HTTP bench (`score`, `analyze`). Every call returns
// a different, valid body spread over many users, cards, IPs and e-mails, so the engine does the
// work of a real stream: index range scans over real history, new and returning users, cards
// shared across users now and then, a mix of allow / challenge / block outcomes (and so of webhook
// outbox writes). Deterministic for a given start (a counter, no randomness), so runs compare.

let n = 0;
const pick = <T>(xs: readonly T[], i: number): T => xs[i % xs.length] as T;

const USERS = 20_000;
const CARDS = 30_000;
const IPS = 5_000;
// About one request in twenty has something wrong with it (an unknown BIN, a disposable e-mail…),
// so the decisions mix like real traffic: mostly allow, some challenge, a few block.
const BINS = ["411111", "555555", "378282", "601100", "400000", "222100", "353011", "520082", "424242", "510510", "999999", "453201", "371449", "601111", "356600", "541333", "476173", "530125", "402400", "545454"];
const CURRENCIES = ["USD", "EUR", "GBP", "USD", "USD", "JPY", "CAD"];
const DOMAINS = [...Array.from({ length: 24 }, (_, d) => `mail${d}.example.com`), "mailinator.com"];
const CATEGORIES = ["5411", "5732", "5812", "7995", "4829", "digital_goods", "5999"];
const METHODS = ["card", "card", "card", "card", "wallet", "bank_transfer"] as const;
const WALLETS = ["apple_pay", "google_pay", "paypal"] as const;

// A cheap deterministic scramble, so neighbouring requests do not share user, card and IP.
const mix = (i: number, salt: number) => Math.abs(Math.imul(i ^ salt, 2654435761) ^ (i >>> 7)) >>> 0;

/** A body for POST /v1/transactions/score (and Surface B analyze): spec 4.3, fully varied. */
export function scorePayload(): Record<string, unknown> {
  const i = n++;
  const user = `bu_${mix(i, 0x9e37) % USERS}`;
  const card = mix(i, 0x85eb) % CARDS;
  const ip = mix(i, 0xc2b2) % IPS;
  const method = pick(METHODS, mix(i, 0x27d4));
  const paymentMethod: Record<string, unknown> =
    method === "card"
      ? {
          type: "card",
          card_bin: pick(BINS, card),
          last_four: String(1000 + (card % 9000)),
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
      email: `${user}@${pick(DOMAINS, mix(i, 0x3c6e) % 101)}`,
      ip_address: ip % 50 === 0 ? `10.0.${ip % 256}.${(ip >> 8) % 256}` : `${11 + (ip % 180)}.${(ip >> 3) % 256}.${ip % 256}.${(ip * 7) % 254 + 1}`,
      phone: `+1415555${String(mix(i, 0xabc) % 10_000).padStart(4, "0")}`,
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
