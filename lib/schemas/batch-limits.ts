// The batch's sizes, apart from batch.ts so the page's upload and progress need not load zod (the
// row validation in batch.ts loads when a file is chosen).

/** At most this many data rows per file: said in the UI; larger files are refused before sending. */
export const MAX_BATCH_ROWS = 1000;
/** Rows per server-action call: small enough that progress moves, large enough to be quick. */
export const BATCH_CHUNK_SIZE = 100;
/** Rows scored at once inside one action call: bounded so a batch does not flood the API. */
export const BATCH_CONCURRENCY = 4;
