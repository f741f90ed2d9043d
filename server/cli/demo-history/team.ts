import { SignJWT } from "jose";
import type { Db } from "../../db/client";
import type { AnalystRole } from "../../db/schema";
import { createAnalyst, findAnalystByEmail } from "../../domain/analysts/analysts";
import { endSession, SESSION_MAX_MS, startSession } from "../../domain/analysts/sessions";
import { CONSOLE_AUDIENCE, CONSOLE_ISSUER } from "../../http/console-auth";
import { DemoClient, type Fetcher } from "../demo-stream/client";

// The demo team of the history: three analysts and a lead, created as `npm run users -- add` would
// (without a password: they cannot sign in, and nothing is printed). Each works through the
// console's two ways into the API: Surface A with the console's key and `actor_id`, and the
// dashboard routes with a console token naming a session started for them, as signing in would.

export type Member = { id: string; name: string; role: AnalystRole; email: string };

export const TEAM: readonly { name: string; email: string; role: AnalystRole }[] = [
  { name: "Ana Ortiz", email: "ana.ortiz@argus.local", role: "analyst" },
  { name: "Ben Okafor", email: "ben.okafor@argus.local", role: "analyst" },
  { name: "Chloe Martin", email: "chloe.martin@argus.local", role: "analyst" },
  { name: "Dana Reyes", email: "dana.reyes@argus.local", role: "lead" },
];

export async function createTeam(db: Db, accountId: string): Promise<Member[]> {
  const out: Member[] = [];
  for (const t of TEAM) {
    const row = (await findAnalystByEmail(db, accountId, t.email)) ?? (await createAnalyst(db, { accountId, ...t }));
    out.push({ id: row.id, name: row.name, role: row.role, email: row.email });
  }
  return out;
}

/** A member's working day on the dashboard routes: a session, and a client whose token names it. */
export class ConsoleSessions {
  private readonly open = new Map<string, { sessionId: string; startedAt: number }>();

  constructor(
    private readonly db: Db,
    private readonly accountId: string,
    private readonly secret: Uint8Array,
    private readonly baseUrl: string,
    private readonly fetcher: Fetcher,
  ) {}

  /** The member's dashboard client, signing in (a new session) when they have none open. */
  async client(member: Member): Promise<DemoClient> {
    let s = this.open.get(member.id);
    // A session lasts at most 12 hours: a long day signs in again.
    if (s && Date.now() - s.startedAt > SESSION_MAX_MS / 2) {
      await endSession(this.db, s.sessionId, "signed_out");
      s = undefined;
    }
    if (!s) {
      const row = await findAnalystByEmail(this.db, this.accountId, member.email);
      if (!row) throw new Error(`demo history: no analyst ${member.id}`);
      const session = await startSession(this.db, row, "password");
      s = { sessionId: session.id, startedAt: Date.now() };
      this.open.set(member.id, s);
    }
    // Tokens are short-lived (the console mints one per request): a fresh one at every use.
    const token = await new SignJWT({ account_id: this.accountId, sid: s.sessionId })
      .setProtectedHeader({ alg: "HS256" })
      .setSubject(member.id)
      .setIssuer(CONSOLE_ISSUER)
      .setAudience(CONSOLE_AUDIENCE)
      .setIssuedAt()
      .setExpirationTime("5m")
      .sign(this.secret);
    return new DemoClient(this.baseUrl, token, { idempotencyKeys: false, fetch: this.fetcher });
  }

  /** Everyone signs out at the end of the day. */
  async signOutAll(): Promise<void> {
    for (const [id, s] of this.open) {
      await endSession(this.db, s.sessionId, "signed_out");
      this.open.delete(id);
    }
  }
}
