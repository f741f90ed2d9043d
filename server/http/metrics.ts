import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from "prom-client";

/** Prometheus metrics of one API process: requests and latency per route template and status. */
export class Metrics {
  readonly registry = new Registry();
  readonly requests: Counter<"method" | "route" | "status" | "environment">;
  readonly latency: Histogram<"method" | "route" | "status" | "environment">;

  constructor(opts: { defaultMetrics?: boolean } = {}) {
    if (opts.defaultMetrics) collectDefaultMetrics({ register: this.registry, prefix: "argus_" });
    this.requests = new Counter({
      name: "argus_http_requests_total",
      help: "HTTP requests by method, route template, status and environment",
      labelNames: ["method", "route", "status", "environment"],
      registers: [this.registry],
    });
    this.latency = new Histogram({
      name: "argus_http_request_duration_seconds",
      help: "HTTP request latency in seconds, by method, route template, status and environment",
      labelNames: ["method", "route", "status", "environment"],
      buckets: [0.001, 0.0025, 0.005, 0.01, 0.02, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
      registers: [this.registry],
    });
  }

  /**
   * 1 while the process hears the database's notifications (key changes); 0 while its listening
   * connection is down and being re-established (the key cache is off meanwhile).
   */
  trackListening(isLive: () => boolean): void {
    new Gauge({
      name: "argus_database_listening",
      help: "1 while this process listens for database notifications (key changes), 0 while reconnecting",
      registers: [this.registry],
      collect() {
        this.set(isLive() ? 1 : 0);
      },
    });
  }

  observe(labels: { method: string; route: string; status: string; environment: string }, seconds: number): void {
    this.requests.inc(labels);
    this.latency.observe(labels, seconds);
  }
}
