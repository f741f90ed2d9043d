/**
 * The SQL condition for a transaction that counts against what it touched (device trust, the
 * e-mail's credit): labelled fraud, blocked by an analyst, or blocked by the engine and not since
 * labelled legit. A false-positive label clears the engine's block; an analyst's later manual block
 * stands whatever the label. `alias` qualifies the columns (none: unqualified). Every form of it
 * implies the predicate of the partial index `transactions_device_flag_idx`, which stays usable.
 */
export function flaggedTransaction(alias?: string): string {
  const c = alias ? `${alias}.` : "";
  return `(${c}label = 'fraud' or ${c}reviewed_decision = 'block' or (${c}decision = 'block' and ${c}label is distinct from 'legit'))`;
}
