// A process-wide clock offset, used only by the first-start demo history (server/cli/demo-history):
// it replays two weeks of work through the engine's own code paths while `Date` reads "then". The
// offset lives in a SharedArrayBuffer so the embedded database's thread (whose PGlite reads the
// time through `Date.now()`, so SQL `now()` and column defaults follow) sees the same value at once.

const RealDate = globalThis.Date;

let cell: BigInt64Array | undefined;

/** The shared cell holding the offset in ms (created once per process; 0 = real time). */
export function clockShiftBuffer(): SharedArrayBuffer {
  cell ??= new BigInt64Array(new SharedArrayBuffer(8));
  return cell.buffer as SharedArrayBuffer;
}

const offset = (): number => (cell ? Number(Atomics.load(cell, 0)) : 0);

/**
 * Replaces `globalThis.Date` by one whose `now()` and argument-less constructor (and `Date()` called
 * as a function) add the offset in `buffer`; everything else is the real `Date` (same prototype, so
 * `instanceof` holds both ways, and the same statics: parse, UTC). Installing twice is a no-op.
 */
export function installShiftedClock(buffer: SharedArrayBuffer = clockShiftBuffer()): void {
  cell = new BigInt64Array(buffer);
  if (globalThis.Date !== RealDate) return;
  function ShiftedDate(this: unknown, ...args: unknown[]): unknown {
    if (!new.target) return new RealDate(RealDate.now() + offset()).toString();
    const params = args.length === 0 ? [RealDate.now() + offset()] : args;
    return Reflect.construct(RealDate, params, new.target);
  }
  Object.setPrototypeOf(ShiftedDate, RealDate);
  ShiftedDate.prototype = RealDate.prototype;
  Object.defineProperty(ShiftedDate, "now", { value: () => RealDate.now() + offset(), writable: true, configurable: true });
  Object.defineProperty(ShiftedDate, "name", { value: "Date" });
  Object.defineProperty(ShiftedDate, "length", { value: 7 });
  globalThis.Date = ShiftedDate as unknown as DateConstructor;
}

/** Moves every thread that installed the shifted clock on this buffer to real time + `ms`. */
export function setClockOffset(ms: number): void {
  const c = new BigInt64Array(clockShiftBuffer());
  Atomics.store(c, 0, BigInt(Math.round(ms)));
}

/** The current offset in ms (0 when never shifted). */
export function clockOffset(): number {
  return offset();
}

/** The real time, whatever the offset. */
export function realNow(): number {
  return RealDate.now();
}
