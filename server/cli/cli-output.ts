import { AdminError } from "../admin/commands";

/** Prints a result (one JSON object with --json) or an error, and sets the exit code. */
export async function report(json: boolean, work: () => Promise<unknown>, human: (result: never) => string): Promise<void> {
  try {
    const result = await work();
    process.stdout.write(json ? `${JSON.stringify(result)}\n` : `${human(result as never)}\n`);
  } catch (err) {
    const message = err instanceof AdminError || err instanceof Error ? err.message : String(err);
    if (json)
      process.stdout.write(`${JSON.stringify({ error: { code: err instanceof AdminError ? "invalid_request" : "failed", message } })}\n`);
    else process.stderr.write(`error: ${message}\n`);
    process.exitCode = 1;
  }
}

export function fail(json: boolean, message: string, usage: string): never {
  if (json) process.stdout.write(`${JSON.stringify({ error: { code: "usage", message } })}\n`);
  else process.stderr.write(`error: ${message}\n\n${usage}\n`);
  process.exit(2);
}
