// A hash chain's check (case audit log, a transaction's decisions) in the console's words.

export type ChainCheck = { verified: boolean; entries: number; first_broken_seq: number | null; unhashed: number };

export function chainStatus(check: ChainCheck): { ok: boolean; label: string; detail: string } {
  if (!check.verified) {
    const at = check.first_broken_seq;
    return {
      ok: false,
      label: at === null ? "Chain broken" : `Chain broken at entry ${at}`,
      detail:
        "An entry was changed, removed or reordered after it was written: its hash no longer matches. The record from this entry on cannot be trusted.",
    };
  }
  const hashed = check.entries - check.unhashed;
  const older =
    check.unhashed > 0 ? `; ${check.unhashed} earlier ${check.unhashed === 1 ? "entry was" : "entries were"} written before hashing` : "";
  return {
    ok: true,
    label: "Chain verified",
    detail:
      check.entries === 0
        ? "No entries yet: nothing to tamper with."
        : `${hashed} ${hashed === 1 ? "entry" : "entries"}, each hash checked against the one before${older}.`,
  };
}
