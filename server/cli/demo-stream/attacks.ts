import type { DemoClient, Flow } from "./client";
import { openSession, scoreBody } from "./ordinary";
import { address, browser, card, device, identityBody, passport, person, phoneFor, publicIp, type Person } from "./people";
import type { Rng } from "./rng";

// The fraud in the demo stream. Each scenario is what the detectors are built to see; nothing here
// writes an alert: the engine raises them from the traffic.

/**
 * Card testing: a bot on one IP and one headless-looking device tries `attempts` stolen cards for
 * small amounts (a few larger ones mixed in) under a handful of throwaway guest accounts.
 */
export function cardTestingBurst(rng: Rng, tag: string, attempts = 24): Flow {
  const ip = publicIp(rng);
  const fingerprint = device(rng, "bot");
  const ua = browser(rng);
  const guests = Array.from({ length: 6 }, (_, k) => person(rng, `guest_${tag}_${k}`));
  const tries = Array.from({ length: attempts }, (_, i) => ({
    guest: guests[i % guests.length] as Person,
    card: card(rng),
    amount: rng.chance(0.85) ? rng.int(100, 900) : rng.int(1500, 2500),
    email: `${rng.digits(8)}@mailinator.com`,
  }));
  return async (api: DemoClient) => {
    const session = await openSession(api, tries[0]!.guest, "checkout", { device: fingerprint, ip, userAgent: ua });
    for (const t of tries) {
      await api.post(
        "/v1/transactions/score",
        scoreBody({ ...t.guest, currency: "USD" }, t.amount, t.card, { sessionId: session, category: "digital_goods", ip, email: t.email }),
      );
    }
  };
}

/**
 * Account takeover: `victims` customers with an ordinary history; then each signs in to
 * account settings from one of the attacker's devices, and buys gift cards for several times
 * their usual amount on a newly added card.
 */
export function atoWave(rng: Rng, tag: string, victims = 4): Flow[] {
  const attackerIp = publicIp(rng);
  const attackerDevices = [device(rng, "atk"), device(rng, "atk")];
  const attackerUa = browser(rng);
  return Array.from({ length: victims }, (_, k) => {
    const p = person(rng, `cus_${tag}_ato${k}`);
    p.currency = "USD";
    const history = Array.from({ length: 3 }, () => rng.amount(3500, 0.3, 1000, 9000));
    const average = history.reduce((a, b) => a + b, 0) / history.length;
    const big = Math.round(average * rng.int(6, 10));
    const stolenTo = card(rng);
    const attackerDevice = attackerDevices[k % attackerDevices.length] as string;
    return async (api: DemoClient) => {
      const own = await openSession(api, p, "login");
      for (const amount of history)
        await api.post("/v1/transactions/score", scoreBody(p, amount, p.card, { sessionId: own, category: "grocery" }));
      const taken = await openSession(api, p, "account_change", { device: attackerDevice, ip: attackerIp, userAgent: attackerUa });
      await api.post(
        "/v1/transactions/score",
        scoreBody(p, big, stolenTo, { sessionId: taken, category: "digital_goods", ip: attackerIp }),
      );
    };
  });
}

/**
 * A synthetic-identity ring: `members` user ids built on one mailing address, four of them on one
 * phone, three presenting the same passport number, with invented names and birth dates. Once
 * verified, every member signs up from one device and buys electronics, three of them with one
 * card: the ring the link graph draws (server/domain/graph/README.md).
 */
export function syntheticRing(rng: Rng, tag: string, members = 5): Flow {
  const shared = address(rng);
  const phone = phoneFor(rng, shared);
  const doc = passport(rng);
  const people = Array.from({ length: members }, (_, k) => {
    const p = person(rng, `syn_${tag}_${k}`);
    p.address = shared;
    if (k < 4) p.phone = phone;
    return { p, document: k < 3 ? doc : undefined };
  });
  const ringDevice = device(rng, "syn");
  const ringIp = publicIp(rng);
  const ringUa = browser(rng);
  const ringCard = card(rng);
  const amounts = people.map(() => rng.int(40_000, 120_000));
  return async (api: DemoClient) => {
    for (const { p, document } of people) await api.post("/v1/identity/verify", identityBody(p, document ? { document } : {}));
    for (const [k, { p }] of people.entries()) {
      const session = await openSession(api, p, "onboarding", { device: ringDevice, ip: ringIp, userAgent: ringUa });
      const paidWith = k < 3 ? ringCard : p.card;
      await api.post(
        "/v1/transactions/score",
        scoreBody({ ...p, currency: "USD" }, amounts[k]!, paidWith, { sessionId: session, category: "electronics", ip: ringIp }),
      );
    }
  };
}

/**
 * Watchlist: a customer whose name is a sanctioned person (OFAC SDN / UN: Joseph Kony), screened
 * at onboarding and again by name; and a close variant of a PEP's name (Maria Jane Cantwell), a
 * possible match that waits in the review queue.
 */
export function watchlistHits(rng: Rng, tag: string): Flow[] {
  const kony = { ...person(rng, `cus_${tag}_wl0`), firstName: "Joseph", lastName: "Kony", dateOfBirth: "1961-09-18" };
  const pep = { ...person(rng, `cus_${tag}_wl1`), firstName: "Maria Jane", lastName: "Cantwell", dateOfBirth: "1958-10-13" };
  return [
    async (api) => {
      await api.post("/v1/identity/verify", identityBody(kony));
      await api.get(`/v1/identity/watchlist?name=${encodeURIComponent("Joseph Kony")}`);
    },
    async (api) => {
      await api.post("/v1/identity/verify", identityBody(pep));
      await api.get(`/v1/identity/watchlist?user_id=${encodeURIComponent(pep.userId)}`);
    },
  ];
}
