/**
 * Debian's Chromium and the flags it needs on this machine (no sandbox as root, no GPU, nothing
 * that reaches the network on its own). Shared by the browser suite and `npm run bench:console`.
 */
export const CHROMIUM_PATH = "/usr/bin/chromium";
export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-quic",
];
