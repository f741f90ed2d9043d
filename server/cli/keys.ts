import { parseArgs } from "node:util";
import { runAdmin } from "./run-admin";
import { fail, report } from "./cli-output";

const usage = `Usage:
  npm run --silent keys -- create --account NAME --env live|test --label TEXT [--scopes a,b] [--json]
  npm run --silent keys -- revoke KEY_ID [--json]
  npm run --silent keys -- list --account NAME [--json]
  npm run --silent keys -- limits --account NAME --per-minute N [--json]`;

type Key = {
  id: string;
  label: string;
  environment: string;
  scopes: string[];
  last_four?: string;
  revoked_at?: string | null;
  key?: string;
};

async function main(): Promise<void> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      account: { type: "string" },
      env: { type: "string" },
      label: { type: "string" },
      scopes: { type: "string" },
      "per-minute": { type: "string" },
      json: { type: "boolean", default: false },
      help: { type: "boolean", short: "h", default: false },
    },
  });
  const json = values.json ?? false;
  const [command, arg] = positionals;
  if (values.help || !command) fail(json, "a command is required", usage);
  const scopes = values.scopes
    ? values.scopes
        .split(",")
        .map((s) => s.trim())
        .filter(Boolean)
    : [];

  switch (command) {
    case "create":
      if (!values.account || !values.env || !values.label) fail(json, "create needs --account, --env and --label", usage);
      return report(
        json,
        () => runAdmin("keys.create", { account: values.account, env: values.env, label: values.label, scopes }),
        (k: Key) => `Created ${k.environment} key ${k.id} (${k.label}). Copy it now; it is not shown again:\n${k.key}`,
      );
    case "revoke":
      if (!arg) fail(json, "revoke needs a key id", usage);
      return report(
        json,
        () => runAdmin("keys.revoke", { id: arg }),
        (k: Key) => `Revoked ${k.id} at ${k.revoked_at}.`,
      );
    case "list":
      if (!values.account) fail(json, "list needs --account", usage);
      return report(
        json,
        () => runAdmin("keys.list", { account: values.account }),
        (r: { data: Key[] }) =>
          r.data.length === 0
            ? "No keys."
            : r.data
                .map(
                  (k) =>
                    `${k.id}  ${k.environment.padEnd(4)}  …${k.last_four}  ${k.revoked_at ? "revoked" : "active "}  ${k.label}  [${k.scopes.join(",") || "all scopes"}]`,
                )
                .join("\n"),
      );
    case "limits": {
      const perMinute = Number(values["per-minute"]);
      if (!values.account || !Number.isInteger(perMinute)) fail(json, "limits needs --account and an integer --per-minute", usage);
      return report(
        json,
        () => runAdmin("keys.limits", { account: values.account, perMinute }),
        (r: { account: string; rate_limit_per_minute: number }) =>
          `Every limit of ${r.account}'s keys is now ${r.rate_limit_per_minute} requests per minute.`,
      );
    }
    default:
      fail(json, `unknown command ${command}`, usage);
  }
}

await main();
