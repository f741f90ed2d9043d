import { defineConfig } from "vitest/config";

// One runner for unit tests (beside the code) and HTTP integration tests (server/**/*.test.ts
// against a real listener). Each test file gets its own database (PGlite in memory, or a fresh
// PostgreSQL database when TEST_DATABASE_URL is set), so files run in parallel safely.
export default defineConfig({
  resolve: { alias: { "@": new URL("./", import.meta.url).pathname } },
  test: {
    include: ["server/**/*.test.ts", "lib/**/*.test.ts", "components/**/*.test.ts"],
    exclude: ["node_modules", ".next", ".next-*", ".data", ".data-*", "e2e"],
    pool: "forks",
    testTimeout: 30_000,
    hookTimeout: 60_000,
    environment: "node",
  },
});
