import { z } from "zod";
import { ConsoleEnvironmentSchema } from "./environment-schema";

// Saved views (server/domain/desk/README.md, "Saved views"): the name form, and the inputs of the
// server actions. The API checks the filters against the queue; the console only bounds them.

export const VIEW_NAME_MAX = 80;

export const SavedViewNameSchema = z.object({
  name: z.string().trim().min(1, "Give the view a name.").max(VIEW_NAME_MAX, `At most ${VIEW_NAME_MAX} characters.`),
  shared: z.boolean(),
});
export type SavedViewNameForm = z.input<typeof SavedViewNameSchema>;

const Queue = z.enum(["alerts", "cases"]);
const Id = z.string().min(1).max(200);
const Version = z.number().int().min(1);

export const SaveViewInputSchema = SavedViewNameSchema.extend({
  environment: ConsoleEnvironmentSchema,
  queue: Queue,
  filters: z.record(z.string().max(40), z.string().max(200)).refine((f) => Object.keys(f).length <= 20),
  sort: z.string().min(1).max(40),
});

export const RenameViewInputSchema = z.object({
  environment: ConsoleEnvironmentSchema,
  id: Id,
  version: Version,
  name: SavedViewNameSchema.shape.name,
});
export const DeleteViewInputSchema = z.object({ environment: ConsoleEnvironmentSchema, id: Id, version: Version });
export const DefaultViewInputSchema = z.object({ environment: ConsoleEnvironmentSchema, queue: Queue, viewId: Id.nullable() });
