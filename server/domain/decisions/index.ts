// What other domain areas may use of decisions; they import it from here, never from its files.

export { type DecisionRow } from "../scoring";
export { verifyDecisionChains, verifyDecisions, verifyTransactionDecisions } from "./chain";
