// What other domain areas may use of scoring; they import it from here, never from its files.

export { binFacts } from "./bin-table";
export { flaggedTransaction } from "./flagged";
export { clientIp, normalizeIp, parseIp } from "./ip-ranges";
export { BASE_KEY, decide, type LabelCounts } from "./model";
export { DEFAULT_RETENTION_DAYS, forgetRiskConfig, riskConfig } from "./policies";
export { completeRules, type PolicyPatch } from "./policy-admin";
export { cardKeyOf } from "./request";
export { type DecisionRow, type TransactionRow, serializeDecision } from "./serialize";
export { T } from "./signals";
export { serializeAssessment } from "./serialize";
