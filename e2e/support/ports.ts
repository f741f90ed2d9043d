// Where the e2e suite runs its own API and console: ports of their own, so a developer's
// `npm start` (3000 / 4000 / 4001) or another helper's servers keep running beside it.
// Override with E2E_API_PORT, E2E_SANDBOX_API_PORT and E2E_CONSOLE_PORT.

const port = (name: string, fallback: number): number => {
  const raw = process.env[name]?.trim();
  const value = raw ? Number(raw) : fallback;
  if (!Number.isInteger(value) || value < 1 || value > 65535) throw new Error(`${name}=${raw} is not a port number`);
  return value;
};

export const HOST = "127.0.0.1";
export const API_PORT = port("E2E_API_PORT", 4310);
export const SANDBOX_API_PORT = port("E2E_SANDBOX_API_PORT", 4311);
export const CONSOLE_PORT = port("E2E_CONSOLE_PORT", 3310);

export const API_URL = `http://${HOST}:${API_PORT}`;
export const SANDBOX_API_URL = `http://${HOST}:${SANDBOX_API_PORT}`;
export const CONSOLE_URL = `http://${HOST}:${CONSOLE_PORT}`;

/** The console's build folder for the suite, beside (never instead of) a developer's `.next`. */
export const DIST_DIR = ".next-e2e";
