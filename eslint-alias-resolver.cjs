"use strict";

// Import resolver for eslint-plugin-boundaries (eslint-module-utils "interface version 2").
// The boundary rules classify an import by the file it resolves to. The stock node resolver
// knows neither TypeScript extensions nor the `@/*` alias from tsconfig.json, so `@/server/x`
// would stay unresolved, be taken for an npm package and slip past every rule. This maps `@/` to
// the repository root and lets eslint-import-resolver-node (already a dependency of the plugin)
// do the rest: extensions, index files, node_modules.

const path = require("node:path");
const nodeResolver = require("eslint-import-resolver-node");

// This file sits at the repository root, which is what `@/` names.
const ROOT = __dirname;
const EXTENSIONS = [".ts", ".tsx", ".mts", ".cts", ".js", ".jsx", ".mjs", ".cjs", ".json"];

exports.interfaceVersion = 2;

exports.resolve = function resolve(source, file, config) {
  const target = source.startsWith("@/") ? path.join(ROOT, source.slice(2)) : source;
  return nodeResolver.resolve(target, file, { extensions: EXTENSIONS, ...config });
};
