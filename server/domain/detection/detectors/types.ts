import type { Db } from "../../../db/client";
import type { Scope } from "../../../db/scope";
import type { RaiseAlertInput } from "../../alerts";
import type { Batch } from "../batch";
import type { DetectionThresholds } from "../settings";

/** What a detector reports: exactly what raiseAlert takes (it creates or folds the alert). */
export type Hit = RaiseAlertInput;

export type DetectorContext = { db: Db; scope: Scope; batch: Batch; thresholds: DetectionThresholds };

/**
 * What a detector finds by reading (outside any transaction): its hits, or a step that completes
 * them inside the evaluation's write transaction, for a detector that records what it found (a
 * record written outside that transaction would survive a rolled-back evaluation, and the batch
 * evaluated again would no longer find it new).
 */
export type Finding = Hit[] | ((tx: Db) => Promise<Hit[]>);

export type Detector = (ctx: DetectorContext) => Promise<Finding>;

/** `424242:4242` → `424242••4242`, how a card key reads in a summary. */
export function cardLabel(cardKey: string): string {
  const [bin, last] = cardKey.split(":");
  return `${bin ?? ""}••${last ?? ""}`;
}

export const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
