// autocannon ships no types (and @types/autocannon is not a dependency): the part of its
// programmatic API the bench uses, from its README.
declare module "autocannon" {
  import type { EventEmitter } from "node:events";

  export type Histogram = {
    min: number;
    max: number;
    average: number;
    mean: number;
    stddev: number;
    total: number;
    p2_5: number;
    p50: number;
    p75: number;
    p90: number;
    p97_5: number;
    p99: number;
    p99_9: number;
  };

  export type Request = {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string | Buffer;
    setupRequest?: (request: Request, context: Record<string, unknown>) => Request;
  };

  export type Options = {
    url: string;
    connections?: number;
    duration?: number;
    pipelining?: number;
    timeout?: number;
    method?: string;
    headers?: Record<string, string>;
    body?: string | Buffer;
    requests?: Request[];
    /** Requests per second across all connections (a fixed offered load). */
    overallRate?: number;
    title?: string;
  };

  export type Result = {
    title?: string;
    url: string;
    requests: Histogram;
    latency: Histogram;
    throughput: Histogram;
    duration: number;
    errors: number;
    timeouts: number;
    mismatches: number;
    non2xx: number;
    "2xx": number;
    statusCodeStats: Record<string, { count: number }>;
    start: Date;
    finish: Date;
  };

  export type Instance = EventEmitter & PromiseLike<Result>;

  function autocannon(options: Options): Instance;
  export default autocannon;
}
