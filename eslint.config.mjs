import { fileURLToPath } from "node:url";
import js from "@eslint/js";
import boundaries from "eslint-plugin-boundaries";
import { defineConfig, globalIgnores } from "eslint/config";
import tseslint from "typescript-eslint";

const aliasResolver = fileURLToPath(new URL("./eslint-alias-resolver.cjs", import.meta.url));

// The few Node globals our plain JS files (configs, scripts) use. TypeScript files get no-undef
// turned off by typescript-eslint, since the compiler already checks names there.
const nodeGlobals = {
  console: "readonly",
  process: "readonly",
  require: "readonly",
  module: "writable",
  exports: "writable",
  __dirname: "readonly",
  URL: "readonly",
};

// Architecture, enforced on imports (see eslint-plugin-boundaries):
//   server/          the Argus API: never imports the console (app, components, lib)
//   app/, components/, lib/
//                    the console: never imports the API's code (it talks to it over HTTP)
//   components/ui/   primitives: import only lib
//   components/<feature>/
//                    import ui and lib, never another feature (share through ui or lib)
//   lib/             imports no UI
//   lib/api/generated/
//                    the wire types and response validators generated from openapi/*.json: imports
//                    nothing of the repository (only zod), so regenerating it can break no layer
//   openapi/         the API's documents and the generator's config: build input, imported by no code
// partialMatch: false anchors every pattern at the repo root; otherwise "lib" would also match
// server/lib and "components/*" any nested components folder.
const elements = [
  // The API's floors, bottom up (README.md, "Code tour"):
  // core ← db ← jobs ← domain ← http ← routes.
  { type: "server-core", pattern: "server/core", partialMatch: false },
  { type: "server-config", pattern: "server/config", partialMatch: false },
  { type: "server-db", pattern: "server/db", partialMatch: false },
  { type: "server-jobs", pattern: "server/jobs", partialMatch: false },
  { type: "server-domain", pattern: "server/domain", partialMatch: false },
  { type: "server-http", pattern: "server/http", partialMatch: false },
  // Wire schemas both surfaces use (the score request, identity records).
  { type: "server-wire", pattern: "server/routes/schemas", partialMatch: false },
  { type: "server-routes", pattern: "server/routes/*", capture: ["surface"], partialMatch: false },
  // The rest of server/: the composition root (main, boot, app, worker), CLIs, bench, tools, tests.
  { type: "server", pattern: "server", partialMatch: false },
  { type: "app", pattern: "app", partialMatch: false },
  { type: "ui", pattern: "components/ui", partialMatch: false },
  { type: "feature", pattern: "components/*", capture: ["feature"], partialMatch: false },
  { type: "wire", pattern: "lib/api/generated", partialMatch: false },
  { type: "lib", pattern: "lib", partialMatch: false },
  { type: "openapi", pattern: "openapi", partialMatch: false },
];

const consoleTypes = ["app", "ui", "feature", "lib", "wire"];
const serverTypes = [
  "server-core",
  "server-config",
  "server-db",
  "server-jobs",
  "server-domain",
  "server-http",
  "server-wire",
  "server-routes",
  "server",
];
/** What a floor of the API may not import: every floor above it, and the composition root. */
const above = (...types) => ({ to: { element: { types } } });

export default defineConfig(
  globalIgnores([
    ".next/",
    ".next-*/",
    "node_modules/",
    ".data/",
    ".data-*/",
    "coverage/",
    "server/db/migrations/",
    "playwright-report/",
    "test-results/",
    "next-env.d.ts",
  ]),
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    files: ["**/*.{js,mjs,cjs}"],
    languageOptions: { globals: nodeGlobals },
  },
  {
    files: ["**/*.cjs"],
    languageOptions: { sourceType: "commonjs" },
    rules: { "@typescript-eslint/no-require-imports": "off" },
  },
  {
    rules: {
      // `_`-prefixed names document an intentionally unused binding (e.g. a route's request).
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrorsIgnorePattern: "^_", ignoreRestSiblings: true },
      ],
    },
  },
  {
    // Handlers never query: a route validates, calls a domain function and shapes the answer.
    files: ["server/routes/**/*.ts"],
    ignores: ["**/*.test.ts"],
    rules: {
      "no-restricted-imports": ["error", { paths: [{ name: "drizzle-orm", message: "Handlers do not query: call a domain function." }] }],
    },
  },
  {
    // A domain area is used by the others through its entry file (server/domain/<area>/index.ts),
    // so what an area offers is written down in one place and its files can move freely.
    files: ["server/domain/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              regex: "^\\./[^/]+/(?!jobs$).",
              message: "Import a domain area through its entry file (./<area>); only its jobs.ts is registered from here.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["server/domain/*/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        { patterns: [{ regex: "^\\.\\./(?!\\.)[^/]+/.", message: "Import another domain area through its entry file (../<area>)." }] },
      ],
    },
  },
  {
    files: ["server/domain/*/*/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            { regex: "^\\.\\./\\.\\./(?!\\.)[^/]+/.", message: "Import another domain area through its entry file (../../<area>)." },
          ],
        },
      ],
    },
  },
  {
    files: ["**/*.{ts,tsx,mts,cts,js,mjs,cjs}"],
    // Tests may reach across floors (a route's test starts the whole API); the code they test may not.
    ignores: ["**/*.test.ts"],
    plugins: { boundaries },
    settings: {
      "import/resolver": { [aliasResolver]: {} },
      "boundaries/elements": elements,
      "boundaries/dependency-nodes": ["import", "export", "dynamic-import", "require"],
    },
    rules: {
      "boundaries/dependencies": [
        "error",
        {
          default: "allow",
          policies: [
            {
              from: { element: { types: serverTypes } },
              disallow: { to: { element: { types: consoleTypes } } },
              message: "The API (server/) must not import console code (app/, components/, lib/).",
            },
            {
              from: { element: { types: consoleTypes } },
              disallow: { to: { element: { types: serverTypes } } },
              message: "Console code must not import the API (server/); call it over HTTP.",
            },
            {
              from: { element: { types: ["server-core", "server-config"] } },
              disallow: above("server-db", "server-jobs", "server-domain", "server-http", "server-wire", "server-routes", "server"),
              message: "server/core (and config) is the bottom floor: it imports nothing else of the API.",
            },
            {
              from: { element: { type: "server-db" } },
              disallow: above("server-jobs", "server-domain", "server-http", "server-wire", "server-routes", "server"),
              message: "server/db may import only server/core.",
            },
            {
              from: { element: { type: "server-jobs" } },
              disallow: above("server-domain", "server-http", "server-wire", "server-routes", "server"),
              message: "server/jobs (the runner) may import only db and core; job handlers live in their domain area.",
            },
            {
              from: { element: { type: "server-domain" } },
              disallow: above("server-http", "server-wire", "server-routes", "server"),
              message: "The domain returns domain values: it must not import http/, routes/ or the composition root.",
            },
            {
              from: { element: { type: "server-http" } },
              disallow: above("server-wire", "server-routes", "server"),
              message: "server/http is middleware: it must not import routes/ or the composition root.",
            },
            {
              from: { element: { type: "server-wire" } },
              disallow: above("server-routes", "server"),
              message: "routes/schemas holds wire schemas: it must not import a surface's routes.",
            },
            {
              from: { element: { type: "server-routes" } },
              disallow: {
                to: [
                  { element: { type: "server" } },
                  { element: { type: "server-routes", captured: { surface: "!{{ from.element.captured.surface }}" } } },
                ],
              },
              message: "A surface's routes must not import another surface's folder (share wire schemas through routes/schemas).",
            },
            {
              from: { element: { type: "feature" } },
              disallow: {
                to: { element: { type: "feature", captured: { feature: "!{{ from.element.captured.feature }}" } } },
              },
              message: "A feature folder must not import another feature; share through components/ui or lib/.",
            },
            {
              from: { element: { types: ["ui", "lib"] } },
              disallow: { to: { element: { types: ["app", "feature"] } } },
              message: "components/ui and lib/ are shared layers and must not import app/ or feature folders.",
            },
            {
              from: { element: { type: "lib" } },
              disallow: { to: { element: { type: "ui" } } },
              message: "lib/ must not import UI components.",
            },
            {
              from: { element: { type: "wire" } },
              disallow: { to: { element: { types: [...consoleTypes, ...serverTypes, "openapi"] } } },
              message: "lib/api/generated is generated from openapi/*.json: it imports nothing of the repository.",
            },
            {
              from: { element: { types: [...consoleTypes, ...serverTypes] } },
              disallow: { to: { element: { type: "openapi" } } },
              message: "openapi/ is the generator's input: read the generated lib/api/generated instead.",
            },
          ],
        },
      ],
    },
  },
);
