import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { parseOfac, parseUnConsolidated, type WatchlistEntity } from "../domain/watchlist";

// Helpers for the watchlist unit tests: where the shipped list files and the fixtures are, and a one-call
// load of the real OFAC + UN data (each test file calls it once, in beforeAll).

export const DATA_DIR = fileURLToPath(new URL("../data/watchlists/", import.meta.url));
export const FIXTURES_DIR = fileURLToPath(new URL("../domain/watchlist/fixtures/", import.meta.url));

export function readData(relative: string): Buffer {
  return readFileSync(DATA_DIR + relative);
}

export function readFixture(name: string): Buffer {
  return readFileSync(FIXTURES_DIR + name);
}

export function loadRealOfac(): WatchlistEntity[] {
  return parseOfac({
    sdn: readData("ofac-sdn/sdn.csv"),
    alt: readData("ofac-sdn/alt.csv"),
    add: readData("ofac-sdn/add.csv"),
    comments: readData("ofac-sdn/sdn_comments.csv"),
  });
}

export function loadRealUn(): WatchlistEntity[] {
  return parseUnConsolidated(readData("un/consolidated.xml")).entities;
}
