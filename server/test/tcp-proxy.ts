import net from "node:net";

/**
 * A TCP proxy between an API process and PostgreSQL that a test can break: `cut()` resets every
 * open connection and stops accepting (new connections are refused, as by a database that is
 * down), `restore()` accepts again on the same port. `start(false)` starts it refusing.
 */
export class TcpProxy {
  private server: net.Server | undefined;
  private readonly sockets = new Set<net.Socket>();
  port = 0;
  /** Connections accepted since the start (the API really went through the proxy). */
  accepted = 0;

  constructor(
    private readonly targetHost: string,
    private readonly targetPort: number,
  ) {}

  /** Picks the port (and listens on it unless `open` is false). */
  async start(open = true): Promise<void> {
    await this.listen(0);
    if (!open) await this.close();
  }

  async restore(): Promise<void> {
    if (!this.server) await this.listen(this.port);
  }

  /** Every connection dropped at once (a reset on the API's side), and no new one accepted. */
  async cut(): Promise<void> {
    const closed = this.close();
    for (const s of this.sockets) s.resetAndDestroy();
    this.sockets.clear();
    await closed;
  }

  async stop(): Promise<void> {
    await this.cut();
  }

  private listen(port: number): Promise<void> {
    const server = net.createServer((client) => {
      this.accepted++;
      const upstream = net.connect({ host: this.targetHost, port: this.targetPort });
      for (const s of [client, upstream]) {
        this.sockets.add(s);
        s.on("error", () => undefined);
        s.on("close", () => {
          this.sockets.delete(s);
          (s === client ? upstream : client).destroy();
        });
      }
      client.pipe(upstream);
      upstream.pipe(client);
    });
    return new Promise((resolve, reject) => {
      server.once("error", reject);
      server.listen(port, "127.0.0.1", () => {
        const address = server.address();
        this.port = typeof address === "object" && address ? address.port : port;
        this.server = server;
        resolve();
      });
    });
  }

  private close(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    return new Promise((resolve) => (server ? server.close(() => resolve()) : resolve()));
  }
}
