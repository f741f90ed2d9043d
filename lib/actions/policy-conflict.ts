import "server-only";

import { listAnalysts } from "../api/analysts";
import type { DashboardActor } from "../api/client";
import type { CurrentState } from "./version-conflict";

/** Who saved the policy version that is in force now, in words. */
export async function describePolicyNow(
  actor: DashboardActor,
  what: string,
  read: () => Promise<{ version: number; updated_by: string | null; updated_at: string | null }>,
): Promise<CurrentState> {
  const [now, analysts] = await Promise.all([read(), listAnalysts(actor, { timeoutMs: 3_000 }).catch(() => null)]);
  const by = now.updated_by ? (analysts?.data.find((a) => a.id === now.updated_by)?.name ?? now.updated_by) : "someone";
  const at = now.updated_at ? ` at ${now.updated_at.replace("T", " ").replace("Z", " UTC")}` : "";
  return {
    version: now.version,
    changes: [`${by} saved version ${now.version} of the ${what}${at}. Saving yours now replaces what they changed in the same parts.`],
  };
}
