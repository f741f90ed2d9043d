import { defineConfig } from "drizzle-kit";

// Migrations are generated from server/db/schema and committed; the API applies them at start
// on both PGlite and PostgreSQL (same dialect, same files).
export default defineConfig({
  dialect: "postgresql",
  schema: "./server/db/schema/index.ts",
  out: "./server/db/migrations",
});
