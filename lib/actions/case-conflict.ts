import "server-only";

import { listAnalysts } from "../api/analysts";
import { getCase } from "../api/cases";
import type { DashboardActor } from "../api/client";
import { caseChangesSince } from "../format/case-events";
import type { ConsoleEnvironment } from "../schemas/environment";
import type { CurrentState } from "./version-conflict";

/** The case as it is now, and its audit entries after the last one the analyst saw, in words. */
export async function describeCaseNow(
  environment: ConsoleEnvironment,
  actor: DashboardActor,
  id: string,
  seenSeq: number,
): Promise<CurrentState> {
  const [kase, analysts] = await Promise.all([getCase(environment, id), listAnalysts(actor, { timeoutMs: 3_000 }).catch(() => null)]);
  const names = Object.fromEntries((analysts?.data ?? []).map((a) => [a.id, a.name || a.email]));
  return { version: kase.version, changes: caseChangesSince(kase.events, seenSeq, names) };
}
