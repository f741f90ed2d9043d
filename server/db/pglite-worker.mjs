// Entry of the embedded database's thread (pglite-thread.ts). Node 20 does not apply the tsx
// loader of `node --import tsx` inside worker threads, so the TypeScript worker is loaded through
// tsx's API here.
import { tsImport } from "tsx/esm/api";

await tsImport("./pglite-worker.ts", import.meta.url);
