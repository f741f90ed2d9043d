// Starts the suite's API and console once and keeps them running, for writing specs:
//   node --import tsx e2e/support/serve.ts        (prints the E2E_STATE_FILE to export)
//   E2E_STATE_FILE=… npx playwright test e2e/sign-in.spec.ts   (reuses them: seconds, not minutes)
// Ctrl+C stops them and removes the data folder.
import { startWorld } from "./global-setup";
import { STATE_ENV } from "./state";

const stop = await startWorld();
process.stdout.write(`\nexport ${STATE_ENV}=${process.env[STATE_ENV]}\n(Ctrl+C stops the servers)\n`);
let stopping = false;
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    void stop().then(() => process.exit(0));
  });
}
setInterval(() => {}, 1 << 30);
