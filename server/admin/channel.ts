import { createHash } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import type { Logger } from "pino";
import type { Db } from "../db/client";
import { AdminError, runAdminCommand } from "./commands";

// The local admin channel: while the API owns an embedded (PGlite) data folder, no other process
// may open it, so the operator CLIs send their commands to the API over a Unix socket that only
// the folder's owner can open (mode 0600). The API runs them on its own database connection.

/** Where the socket of a data folder lives (Unix socket paths are limited to ~104 bytes). */
export function adminSocketPath(dataDir: string): string {
  const inside = path.join(dataDir, "admin.sock");
  if (Buffer.byteLength(inside) < 100) return inside;
  const digest = createHash("sha256").update(path.resolve(dataDir)).digest("hex").slice(0, 16);
  return path.join(os.tmpdir(), `argus-admin-${digest}.sock`);
}

export async function startAdminChannel(db: Db, dataDir: string, log: Logger): Promise<() => Promise<void>> {
  const socketPath = adminSocketPath(dataDir);
  fs.rmSync(socketPath, { force: true }); // left by a crashed owner; we hold the folder lock now
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", async () => {
      const reply = (status: number, body: unknown) => {
        res.writeHead(status, { "content-type": "application/json" });
        res.end(JSON.stringify(body));
      };
      if (req.method !== "POST" || req.url !== "/run") return reply(404, { ok: false, error: "not found" });
      try {
        const { command, args } = JSON.parse(Buffer.concat(chunks).toString("utf8")) as { command: string; args: unknown };
        const result = await runAdminCommand(db, command, args);
        log.info({ command }, "admin command");
        reply(200, { ok: true, result });
      } catch (err) {
        if (err instanceof AdminError) return reply(200, { ok: false, error: err.message });
        log.error({ err }, "admin command failed");
        reply(200, { ok: false, error: "The command failed inside the API; see its log." });
      }
    });
  });
  const previousMask = process.umask(0o177);
  try {
    await new Promise<void>((resolve, reject) => server.once("error", reject).listen(socketPath, resolve));
  } finally {
    process.umask(previousMask);
  }
  fs.chmodSync(socketPath, 0o600);
  return async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    fs.rmSync(socketPath, { force: true });
  };
}

/** Sends one command to the API that owns the data folder. */
export function sendAdminCommand(dataDir: string, command: string, args: unknown): Promise<unknown> {
  const socketPath = adminSocketPath(dataDir);
  return new Promise((resolve, reject) => {
    const req = http.request({ socketPath, method: "POST", path: "/run", headers: { "content-type": "application/json" } }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => {
        try {
          const body = JSON.parse(Buffer.concat(chunks).toString("utf8")) as { ok: boolean; result?: unknown; error?: string };
          if (body.ok) resolve(body.result);
          else reject(new AdminError(body.error ?? "admin command failed"));
        } catch (err) {
          reject(err);
        }
      });
    });
    req.on("error", (err) =>
      reject(
        new AdminError(
          `The data folder is held by a running process, but its admin channel (${socketPath}) did not answer: ${err.message}`,
        ),
      ),
    );
    req.end(JSON.stringify({ command, args }));
  });
}
