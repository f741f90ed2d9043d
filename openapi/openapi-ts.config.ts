import { defineConfig, type UserConfig } from "@hey-api/openapi-ts";

// `npm run openapi:generate`: the console's wire types (types.gen.ts) and zod response validators
// (zod.gen.ts) from the API's served OpenAPI documents, one folder per surface. No client is
// generated: lib/api keeps its own fetch wrapper (credentials, environments, errors).

export const surfaces = ["surface-a", "surface-b"] as const;

/** The generator's jobs; the staleness test runs the same ones into a temporary folder. */
export function generatorJobs(input: (surface: string) => string, output: (surface: string) => string): UserConfig[] {
  return surfaces.map((surface) => ({
    input: input(surface),
    output: { path: output(surface) },
    plugins: ["@hey-api/typescript", "zod"],
    logs: { level: "silent" },
  }));
}

export default defineConfig(
  generatorJobs(
    (surface) => `./openapi/${surface}.json`,
    (surface) => `./lib/api/generated/${surface}`,
  ),
);
