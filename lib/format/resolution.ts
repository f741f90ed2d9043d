import type { Resolution } from "../api/wire";

// The outcome of a resolved case or alert in the console's words (server/domain/cases/README.md).

/** Here, not in lib/schemas/case.ts, so the dialogs that show it need not load zod. */
export const RESOLUTION_REQUIRED = "Choose the outcome: confirmed fraud, false positive or inconclusive.";

export const resolutionLabels: Record<Resolution, string> = {
  confirmed_fraud: "Confirmed fraud",
  false_positive: "False positive",
  inconclusive: "Inconclusive",
};

export const resolutionHints: Record<Resolution, string> = {
  confirmed_fraud: "It was fraud.",
  false_positive: "It was legitimate; the detection was wrong.",
  inconclusive: "Not enough to tell either way.",
};

export function resolutionLabel(value: string | null | undefined): string {
  return value ? (resolutionLabels[value as Resolution] ?? value) : "—";
}
