/**
 * Node flags of the API process (`npm start`, `npm run api`, the bench). A young generation of
 * 64 MB per semi-space instead of V8's 16 MB: a score allocates a few hundred short-lived objects
 * (request, JSON, features, batch rows), and with the small default they are scavenged often and
 * partly promoted to the old generation while their batch is still in flight. More scores/s on
 * PostgreSQL, neutral on PGlite (server/bench/README.md), for up to ~150 MB more resident memory
 * under load. Keep package.json's "api" and
 * "worker" scripts in step with this list.
 */
export const API_NODE_FLAGS = ["--max-semi-space-size=64"] as const;
