import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { measureCpu, threadTicks } from "./thread-cpu";

/** Runs on this thread until the process has used `ms` more of user CPU time (CPU time, not wall time). */
function burn(ms: number): void {
  const start = process.cpuUsage();
  let x = 0;
  while (process.cpuUsage(start).user < ms * 1000) for (let i = 0; i < 10_000; i++) x += i;
  if (x < 0) throw new Error("unreachable");
}

describe.skipIf(!fs.existsSync("/proc/self/task"))("API CPU per thread (/proc)", () => {
  it("reads each thread's CPU time; the main thread's grows while it works, and a run's share is reported", () => {
    const before = threadTicks(process.pid)!;
    expect(before.has(process.pid)).toBe(true);
    const stop = measureCpu(process.pid);
    burn(300);
    const after = threadTicks(process.pid)!;
    // 300 ms of CPU is 30 ticks of 10 ms; allow for the tick accounting's granularity.
    expect(after.get(process.pid)! - before.get(process.pid)!).toBeGreaterThanOrEqual(20);
    const use = stop(10)!;
    expect(use.ms_per_request).toBeGreaterThanOrEqual(20);
    // Of the wall time; ticks are counted in whole 10 ms steps, so a short span can read a little over 100.
    expect(use.main_busy_pct).toBeGreaterThan(0);
    expect(use.main_busy_pct).toBeLessThanOrEqual(110);
  });

  it("reports nothing for a process that is not there or not known", () => {
    expect(threadTicks(2 ** 22 + 1)).toBeUndefined();
    expect(measureCpu(undefined)(100)).toBeUndefined();
  });
});
