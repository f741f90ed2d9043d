import { createHash } from "node:crypto";
import { readFile, stat } from "node:fs/promises";
import path from "node:path";
import { parseEuCsv } from "./parsers/eu";
import { parseAdverseMediaCsv, parsePepCsv } from "./parsers/import-csv";
import { parseOfacSteps } from "./parsers/ofac";
import { parseUnConsolidated } from "./parsers/un";
import type { ListName, WatchlistEntity } from "./types";

// Reading the configured list files from disk. Paths always come from the caller (configuration
// lives in server/config, never here), and every source left unset is simply not loaded.

export type WatchlistSources = {
  ofac?: { sdn: string; alt?: string; add?: string; comments?: string };
  un?: string;
  /** EU consolidated list CSV v1.1; loaded only when configured (ARGUS_EU_SANCTIONS_FILE). */
  eu?: string;
  pep?: readonly string[];
  adverseMedia?: readonly string[];
};

export type SourceVersion = {
  list: ListName;
  path: string;
  bytes: number;
  /** First 16 hex digits of the file's SHA-256: changes whenever the file does. */
  sha256: string;
  modifiedAt: string;
  /** The publisher's own generation date, when the format carries one. */
  generatedAt: string | null;
  entities: number;
};

export type LoadedSources = { entities: WatchlistEntity[]; sources: SourceVersion[] };

/** The files shipped in server/data/watchlists, laid out as that folder's README describes. */
export function bundledSources(dataDir: string): WatchlistSources {
  return {
    ofac: {
      sdn: path.join(dataDir, "ofac-sdn/sdn.csv"),
      alt: path.join(dataDir, "ofac-sdn/alt.csv"),
      add: path.join(dataDir, "ofac-sdn/add.csv"),
      comments: path.join(dataDir, "ofac-sdn/sdn_comments.csv"),
    },
    un: path.join(dataDir, "un/consolidated.xml"),
    pep: [path.join(dataDir, "pep/pep-legislators.csv")],
  };
}

async function readVersioned(file: string): Promise<{ data: Buffer; bytes: number; sha256: string; modifiedAt: string }> {
  const [data, info] = await Promise.all([readFile(file), stat(file)]);
  return {
    data,
    bytes: data.length,
    sha256: createHash("sha256").update(data).digest("hex").slice(0, 16),
    modifiedAt: info.mtime.toISOString(),
  };
}

/** Lets the event loop run between two files: parsing is synchronous work. */
const breathe = () => new Promise<void>((resolve) => setImmediate(resolve));

export async function loadSources(sources: WatchlistSources): Promise<LoadedSources> {
  const entities: WatchlistEntity[] = [];
  const versions: SourceVersion[] = [];
  const record = (
    list: ListName,
    file: string,
    v: Awaited<ReturnType<typeof readVersioned>>,
    parsed: WatchlistEntity[],
    generatedAt: string | null,
  ) => {
    entities.push(...parsed);
    versions.push({ list, path: file, bytes: v.bytes, sha256: v.sha256, modifiedAt: v.modifiedAt, generatedAt, entities: parsed.length });
  };

  if (sources.ofac) {
    const files = sources.ofac;
    const [sdn, alt, add, comments] = await Promise.all([
      readVersioned(files.sdn),
      files.alt ? readVersioned(files.alt) : undefined,
      files.add ? readVersioned(files.add) : undefined,
      files.comments ? readVersioned(files.comments) : undefined,
    ]);
    const steps = parseOfacSteps({ sdn: sdn.data, alt: alt?.data, add: add?.data, comments: comments?.data });
    let step = steps.next();
    while (!step.done) {
      await breathe();
      step = steps.next();
    }
    const parsed = step.value;
    // One version entry for the set: the hash covers all four files, so any change shows.
    const combined = createHash("sha256");
    for (const f of [sdn, alt, add, comments]) if (f) combined.update(f.sha256);
    record(
      "ofac",
      files.sdn,
      { ...sdn, bytes: [sdn, alt, add, comments].reduce((n, f) => n + (f?.bytes ?? 0), 0), sha256: combined.digest("hex").slice(0, 16) },
      parsed,
      null,
    );
    await breathe();
  }
  if (sources.un) {
    const v = await readVersioned(sources.un);
    const { entities: parsed, generatedAt } = parseUnConsolidated(v.data);
    record("un_sanctions", sources.un, v, parsed, generatedAt);
    await breathe();
  }
  if (sources.eu) {
    const v = await readVersioned(sources.eu);
    const parsed = parseEuCsv(v.data);
    record("eu_sanctions", sources.eu, v, parsed, parsed[0]?.details.file_generation_date ?? null);
    await breathe();
  }
  for (const file of sources.pep ?? []) {
    const v = await readVersioned(file);
    record("pep", file, v, parsePepCsv(v.data), null);
    await breathe();
  }
  for (const file of sources.adverseMedia ?? []) {
    const v = await readVersioned(file);
    record("adverse_media", file, v, parseAdverseMediaCsv(v.data), null);
    await breathe();
  }
  return { entities: dedupeById(entities), sources: versions };
}

/** Two files of one list may repeat an entry; the later file wins, as a newer export would. */
function dedupeById(entities: WatchlistEntity[]): WatchlistEntity[] {
  const byId = new Map<string, WatchlistEntity>();
  for (const e of entities) byId.set(e.id, e);
  return byId.size === entities.length ? entities : [...byId.values()];
}
