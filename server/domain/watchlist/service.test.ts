import { copyFile, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bundledSources } from "./loaders";
import { WatchlistNotReadyError, WatchlistService } from "./service";
import { DATA_DIR, FIXTURES_DIR } from "../../test/watchlist-data";

describe("WatchlistService on the bundled data", () => {
  let service: WatchlistService;
  beforeAll(async () => {
    service = await WatchlistService.create({
      sources: {
        ...bundledSources(DATA_DIR),
        eu: path.join(FIXTURES_DIR, "eu-sanctions-sample.csv"),
        adverseMedia: [path.join(FIXTURES_DIR, "adverse-media-sample.csv")],
      },
    });
  });

  it("reports per-list counts, memory, load time and source versions", () => {
    const s = service.stats();
    expect(s.ready).toBe(true);
    expect(s.lists).toEqual({
      ofac: { entities: 8976, individuals: 4620, organizations: 4356 },
      un_sanctions: { entities: 1003, individuals: 730, organizations: 273 },
      eu_sanctions: { entities: 3, individuals: 2, organizations: 1 },
      pep: { entities: 2759, individuals: 2759, organizations: 0 },
      adverse_media: { entities: 3, individuals: 2, organizations: 1 },
    });
    expect(s.entities).toBe(8976 + 1003 + 3 + 2759 + 3);
    expect(s.memory_estimate_bytes).toBeGreaterThan(1_000_000);
    expect(Date.parse(s.loaded_at ?? "")).not.toBeNaN();
    expect(s.sources.map((v) => v.list)).toEqual(["ofac", "un_sanctions", "eu_sanctions", "pep", "adverse_media"]);
    const un = s.sources.find((v) => v.list === "un_sanctions");
    expect(un).toMatchObject({ generatedAt: "2026-02-27T00:00:09.554Z", entities: 1003, bytes: 2030620 });
    expect(un?.sha256).toMatch(/^[0-9a-f]{16}$/);
  });

  it("screens across all lists", () => {
    expect(service.screen({ name: "Banco Nacional de Cuba" })[0]).toMatchObject({ list: "ofac", match_score: 1 });
    expect(service.screen({ name: "Frank Kakolele Bwambale" })[0]).toMatchObject({ list: "un_sanctions", match_score: 1 });
    expect(service.screen({ name: "Diane Abbott", lists: ["pep"] })[0]).toMatchObject({ list: "pep", match_score: 1 });
    expect(service.screen({ name: "Fictivia Quuxworth" })[0]).toMatchObject({ list: "eu_sanctions" });
  });

  it("keeps serving the old index while a reload builds the new one, then swaps", async () => {
    const before = service.currentIndex();
    const reload = service.reload();
    // Same promise for concurrent callers: one reload at a time.
    expect(service.reload()).toBe(reload);
    expect(service.stats().reloading).toBe(true);
    // Screenings issued while the reload is in flight are answered from the old index.
    let answered = 0;
    const probe = (async () => {
      for (let i = 0; i < 20; i++) {
        await new Promise((r) => setImmediate(r));
        expect(service.screen({ name: "Banco Nacional de Cuba" })[0]?.match_score).toBe(1);
        answered++;
      }
    })();
    const stats = await reload;
    await probe;
    expect(answered).toBe(20);
    expect(service.currentIndex()).not.toBe(before);
    expect(stats.reloading).toBe(false);
    expect(stats.entities).toBe(8976 + 1003 + 3 + 2759 + 3);
  });
});

describe("WatchlistService edge cases", () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), "argus-watchlist-"));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it("refuses to screen before the first load", () => {
    const service = new WatchlistService({ sources: {} });
    expect(service.ready).toBe(false);
    expect(() => service.screen({ name: "Anyone" })).toThrow(WatchlistNotReadyError);
    expect(service.stats()).toMatchObject({ ready: false, entities: 0, loaded_at: null });
  });

  it("keeps the old index when a reload fails, and picks up changed files on the next one", async () => {
    const file = path.join(dir, "adverse.csv");
    await copyFile(path.join(FIXTURES_DIR, "adverse-media-sample.csv"), file);
    const service = await WatchlistService.create({ sources: { adverseMedia: [file] } });
    const v1 = service.stats().sources[0]?.sha256;
    await writeFile(file, "not,a,valid\nfile,at,all\n");
    await expect(service.reload()).rejects.toThrow(/missing column/);
    expect(service.screen({ name: "Quentin Placeholder-Fictus" })).toHaveLength(1);
    await writeFile(file, "name,category\nOttilie Sampleberg,fraud\n");
    const stats = await service.reload();
    expect(stats.sources[0]?.sha256).not.toBe(v1);
    expect(service.screen({ name: "Quentin Placeholder-Fictus" })).toHaveLength(0);
    expect(service.screen({ name: "Ottilie Sampleberg" })).toHaveLength(1);
  });
});
