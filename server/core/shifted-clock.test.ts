import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { PgliteThread } from "../db/pglite-thread";
import { clockOffset, installShiftedClock, realNow, setClockOffset } from "./shifted-clock";

const DAY = 24 * 60 * 60 * 1000;
const RealDate = globalThis.Date;

describe("the shifted clock", () => {
  beforeAll(() => installShiftedClock());
  afterEach(() => setClockOffset(0));

  it("moves now() and new Date() by the offset, and back", () => {
    setClockOffset(-3 * DAY);
    expect(clockOffset()).toBe(-3 * DAY);
    expect(Math.abs(Date.now() - (realNow() - 3 * DAY))).toBeLessThan(1000);
    expect(Math.abs(new Date().getTime() - (realNow() - 3 * DAY))).toBeLessThan(1000);
    expect(Math.abs(Date.parse(Date()) - (realNow() - 3 * DAY))).toBeLessThan(2000);
    setClockOffset(0);
    expect(Math.abs(Date.now() - realNow())).toBeLessThan(1000);
  });

  it("keeps Date otherwise the real one: explicit times, statics, instanceof both ways", () => {
    setClockOffset(-DAY);
    expect(new Date(0).toISOString()).toBe("1970-01-01T00:00:00.000Z");
    expect(new Date("2026-01-02T03:04:05Z").getTime()).toBe(RealDate.UTC(2026, 0, 2, 3, 4, 5));
    expect(new Date(2026, 0, 2).getFullYear()).toBe(2026);
    expect(Date.UTC(2026, 0, 1)).toBe(RealDate.UTC(2026, 0, 1));
    expect(Date.parse("2026-01-01T00:00:00Z")).toBe(RealDate.parse("2026-01-01T00:00:00Z"));
    expect(new Date()).toBeInstanceOf(RealDate);
    expect(new RealDate()).toBeInstanceOf(Date);
    expect(Object.prototype.toString.call(new Date())).toBe("[object Date]");
    expect(Date.name).toBe("Date");
  });

  describe("on the embedded database's thread", () => {
    let thread: PgliteThread;
    beforeAll(async () => {
      thread = await PgliteThread.start();
    }, 60_000);
    afterAll(async () => {
      await thread?.close();
    });

    const dbNow = async () => {
      const r = await thread.query("select extract(epoch from now()) * 1000 as ms", []);
      return Number((r.rows[0] as { ms: string | number }).ms);
    };

    it("SQL now() and column defaults follow the offset at once", async () => {
      expect(Math.abs((await dbNow()) - realNow())).toBeLessThan(5000);
      setClockOffset(-14 * DAY);
      expect(Math.abs((await dbNow()) - (realNow() - 14 * DAY))).toBeLessThan(5000);
      await thread.query("create table shifted_clock_t (id int, at timestamptz default now())", []);
      await thread.query("insert into shifted_clock_t (id) values (1)", []);
      const r = await thread.query("select extract(epoch from at) * 1000 as ms from shifted_clock_t", []);
      expect(Math.abs(Number((r.rows[0] as { ms: number }).ms) - (realNow() - 14 * DAY))).toBeLessThan(5000);
      setClockOffset(0);
      expect(Math.abs((await dbNow()) - realNow())).toBeLessThan(5000);
    });
  });
});
