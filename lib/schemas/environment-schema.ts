import { z } from "zod";
import { consoleEnvironments } from "./environment";

// The environment as server actions and the session check validate it (kept out of environment.ts,
// which client components import, so the shell of every page carries no zod).
export const ConsoleEnvironmentSchema = z.enum(consoleEnvironments);
