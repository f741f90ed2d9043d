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
// partialMatch: false anchors every pattern at the repo root; otherwise "lib" would also match
// server/lib and "components/*" any nested components folder.
const elements = [
  { type: "server", pattern: "server", partialMatch: false },
  { type: "app", pattern: "app", partialMatch: false },
  { type: "ui", pattern: "components/ui", partialMatch: false },
  { type: "feature", pattern: "components/*", capture: ["feature"], partialMatch: false },
  { type: "lib", pattern: "lib", partialMatch: false },
];

const consoleTypes = ["app", "ui", "feature", "lib"];

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
    files: ["**/*.{ts,tsx,mts,cts,js,mjs,cjs}"],
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
              from: { element: { type: "server" } },
              disallow: { to: { element: { types: consoleTypes } } },
              message: "The API (server/) must not import console code (app/, components/, lib/).",
            },
            {
              from: { element: { types: consoleTypes } },
              disallow: { to: { element: { type: "server" } } },
              message: "Console code must not import the API (server/); call it over HTTP.",
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
          ],
        },
      ],
    },
  },
);
