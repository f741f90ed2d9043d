import { parseArgs } from "node:util";
import { runAdmin } from "./run-admin";
import { fail, report } from "./cli-output";

const usage = `Usage:
  npm run --silent users -- add --account NAME --email E --role analyst|lead|admin --password P [--name N] [--json]
  npm run --silent users -- set-role --account NAME --email E --role analyst|lead|admin [--json]
  npm run --silent users -- disable --account NAME --email E [--json]
  npm run --silent users -- enable --account NAME --email E [--json]
A new role or disabling ends the analyst's console sessions at once.`;

async function main(): Promise<void> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      account: { type: "string" },
      email: { type: "string" },
      role: { type: "string" },
      password: { type: "string" },
      name: { type: "string" },
      json: { type: "boolean", default: false },
    },
  });
  const json = values.json ?? false;
  const command = positionals[0];
  if (command === "add") {
    if (!values.account || !values.email || !values.role || !values.password) {
      fail(json, "add needs --account, --email, --role and --password", usage);
    }
    return report(
      json,
      () =>
        runAdmin("users.add", {
          account: values.account,
          email: values.email,
          role: values.role,
          password: values.password,
          name: values.name,
        }),
      (a: { id: string; email: string; role: string }) => `Added ${a.role} ${a.email} (${a.id}).`,
    );
  }
  if (command === "set-role" || command === "disable" || command === "enable") {
    if (!values.account || !values.email || (command === "set-role" && !values.role)) {
      fail(json, `${command} needs --account and --email${command === "set-role" ? " and --role" : ""}`, usage);
    }
    const change = command === "set-role" ? { role: values.role } : { disabled: command === "disable" };
    return report(
      json,
      () => runAdmin("users.update", { account: values.account, email: values.email, ...change }),
      (a: { email: string; role: string; disabled: boolean }) => `${a.email}: ${a.role}${a.disabled ? ", disabled" : ""}.`,
    );
  }
  fail(json, "the commands are add, set-role, disable and enable", usage);
}

await main();
