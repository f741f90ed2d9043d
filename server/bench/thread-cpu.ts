import fs from "node:fs";

// CPU time of the API process under benchmark, per thread, from Linux's /proc. On this 2-core
// machine the latency figures swing with the day (the host's speed, the load generator's share of
// the cores), while the CPU a request costs stays put: it is the figure to compare across runs
// and days, and it says which thread bounds the rest. Node does not name its threads, so the
// main thread is the one whose id is the process id and the embedded database's thread shows as
// the busiest of the others (the rest are V8's and libuv's helpers, mostly idle).

/** Kernel clock ticks per second of utime/stime (USER_HZ: 100 on Linux, whatever the kernel's HZ). */
const TICKS_PER_SECOND = 100;

/** utime + stime, in ticks, of each thread of `pid`; undefined without /proc (not Linux) or once it exited. */
export function threadTicks(pid: number): Map<number, number> | undefined {
  let tids: string[];
  try {
    tids = fs.readdirSync(`/proc/${pid}/task`);
  } catch {
    return undefined;
  }
  const out = new Map<number, number>();
  for (const tid of tids) {
    try {
      // Fields after "pid (comm) ": state is the 1st, utime the 12th, stime the 13th (proc(5)).
      const stat = fs.readFileSync(`/proc/${pid}/task/${tid}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      out.set(Number(tid), Number(fields[11]) + Number(fields[12]));
    } catch {
      // The thread ended between the listing and the read.
    }
  }
  return out;
}

export type CpuUse = {
  /** CPU of the whole process (every thread) per answered request, in ms. */
  ms_per_request: number;
  /** Share of the wall time the main thread ran, in %. */
  main_busy_pct: number;
  /** Share of the wall time the busiest other thread ran (the embedded database's, on PGlite), in %. */
  other_busy_pct: number;
};

/** Starts measuring `pid`; the returned function ends it, given the requests answered meanwhile. */
export function measureCpu(pid: number | undefined): (requests: number) => CpuUse | undefined {
  const before = pid === undefined ? undefined : threadTicks(pid);
  const started = performance.now();
  return (requests) => {
    const after = pid === undefined ? undefined : threadTicks(pid);
    if (!before || !after || pid === undefined) return undefined;
    const wallTicks = ((performance.now() - started) / 1000) * TICKS_PER_SECOND;
    let total = 0;
    let main = 0;
    let other = 0;
    for (const [tid, ticks] of after) {
      const used = ticks - (before.get(tid) ?? 0);
      total += used;
      if (tid === pid) main = used;
      else other = Math.max(other, used);
    }
    const pct = (ticks: number) => Math.round((1000 * ticks) / wallTicks) / 10;
    return {
      ms_per_request: requests > 0 ? Math.round((100 * (total * 1000)) / TICKS_PER_SECOND / requests) / 100 : 0,
      main_busy_pct: pct(main),
      other_busy_pct: pct(other),
    };
  };
}
