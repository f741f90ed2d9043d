import { randomUUID } from "node:crypto";

// The demo's HTTP client: Surface A with a Bearer key, counting responses by status, waiting out
// a 429 as a well-behaved integration does (Retry-After), and a pool that runs flows N at a time.

export type ApiResponse = { status: number; body: any }; // eslint-disable-line @typescript-eslint/no-explicit-any -- arbitrary JSON bodies

export type ResponseHook = (method: string, path: string, res: ApiResponse) => Promise<void> | void;

/** How a request reaches the API: global `fetch`, or an app's `request` in the same process (demo history). */
export type Fetcher = (url: string, init: RequestInit) => Promise<Response>;

export class DemoClient {
  readonly byStatus = new Map<number, number>();
  readonly byRoute = new Map<string, number>();
  requests = 0;

  constructor(
    readonly baseUrl: string,
    private readonly key: string,
    private readonly opts: { onResponse?: ResponseHook; idempotencyKeys?: boolean; fetch?: Fetcher } = {},
  ) {}

  async request(method: "GET" | "POST" | "PATCH" | "PUT", path: string, body?: unknown): Promise<ApiResponse> {
    const headers: Record<string, string> = { authorization: `Bearer ${this.key}` };
    if (body !== undefined) headers["content-type"] = "application/json";
    // POSTs carry an idempotency key, so a retry after a network error cannot double-write.
    if (method === "POST" && this.opts.idempotencyKeys !== false) headers["idempotency-key"] = randomUUID();
    for (let attempt = 0; ; attempt++) {
      const res = await (this.opts.fetch ?? fetch)(`${this.baseUrl}${path}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await res.text();
      let parsed: unknown;
      try {
        parsed = text ? JSON.parse(text) : null;
      } catch {
        parsed = text;
      }
      this.requests++;
      this.byStatus.set(res.status, (this.byStatus.get(res.status) ?? 0) + 1);
      const route = `${method} ${path.split("?")[0]?.replace(/\/(case|alert|txn|idv|scr)_[a-z0-9]+/g, "/{id}")}`;
      this.byRoute.set(route, (this.byRoute.get(route) ?? 0) + 1);
      if (res.status === 429 && attempt < 5) {
        const wait = Number(res.headers.get("retry-after") ?? "1");
        await new Promise((r) => setTimeout(r, Math.min(60, Math.max(1, wait)) * 1000));
        continue;
      }
      const out = { status: res.status, body: parsed };
      await this.opts.onResponse?.(method, path, out);
      return out;
    }
  }

  post(path: string, body: unknown): Promise<ApiResponse> {
    return this.request("POST", path, body);
  }
  get(path: string): Promise<ApiResponse> {
    return this.request("GET", path);
  }
  patch(path: string, body: unknown): Promise<ApiResponse> {
    return this.request("PATCH", path, body);
  }
  put(path: string, body: unknown): Promise<ApiResponse> {
    return this.request("PUT", path, body);
  }
}

/** A unit of traffic: requests that depend on each other run in order inside one flow. */
export type Flow = (api: DemoClient) => Promise<void>;

/** Runs flows with at most `concurrency` in flight; a failing flow is reported, not fatal. */
export async function runFlows(
  api: DemoClient,
  flows: readonly Flow[],
  concurrency: number,
  onError?: (err: unknown) => void,
): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < flows.length) {
      const flow = flows[next++] as Flow;
      try {
        await flow(api);
      } catch (err) {
        onError?.(err);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, concurrency) }, worker));
}
