import pg from "pg";

/**
 * LISTEN on its own PostgreSQL connection (a pooled one would be handed to other queries).
 * While the connection is down `onLive(false)`: the subscriber must assume it misses changes. It
 * reconnects with backoff (0.25 s doubling to 10 s) and reports `onLive(true)` only once LISTEN
 * succeeded again.
 */
export async function listenPostgres(
  url: string,
  channel: string,
  onNotify: () => void,
  onLive: (live: boolean) => void,
): Promise<() => Promise<void>> {
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`invalid channel name ${channel}`);
  let current: pg.Client | undefined;
  let stopped = false;
  let delayMs = 250;
  let timer: NodeJS.Timeout | undefined;

  const retry = () => {
    if (stopped || timer) return;
    timer = setTimeout(() => {
      timer = undefined;
      void connect();
    }, delayMs);
    timer.unref();
    delayMs = Math.min(delayMs * 2, 10_000);
  };

  const connect = async () => {
    const client = new pg.Client({ connectionString: url });
    client.on("notification", (message) => {
      if (message.channel === channel) onNotify();
    });
    // A dropped connection emits "error" and/or "end"; both mean "not listening any more".
    const lost = () => {
      if (current !== client) return;
      current = undefined;
      onLive(false);
      retry();
    };
    client.on("error", lost);
    client.on("end", lost);
    try {
      await client.connect();
      await client.query(`LISTEN ${channel}`);
    } catch {
      client.end().catch(() => {});
      retry();
      return;
    }
    if (stopped) {
      await client.end().catch(() => {});
      return;
    }
    current = client;
    delayMs = 250;
    onLive(true);
  };

  await connect();
  return async () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    const client = current;
    current = undefined;
    onLive(false);
    await client?.end().catch(() => {});
  };
}
