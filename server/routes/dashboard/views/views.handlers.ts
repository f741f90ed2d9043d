import type { Context } from "hono";
import type { AppEnv } from "../../../http/context";
import { createRouter } from "../../../http/router";
import { expectedVersion, setEtag } from "../../../http/if-match";
import { consoleScope } from "../../../http/key-scope";
import { createSavedView, deleteSavedView, listSavedViews, setDefaultSavedView, updateSavedView, type Viewer } from "../../../domain/desk";
import { createViewRoute, deleteViewRoute, listViewsRoute, setDefaultViewRoute, updateViewRoute } from "./views.routes";

const viewer = (c: Context<AppEnv>): Viewer => {
  const me = c.get("analyst")!;
  return { id: me.analystId, role: me.role };
};

// GET /api/v1/views, POST /api/v1/views, PATCH and DELETE /api/v1/views/{id}, PUT /api/v1/views/default
export const viewsRouter = createRouter()
  .openapi(listViewsRoute, async (c) => {
    const data = await listSavedViews(c.get("db"), consoleScope(c), viewer(c), c.req.valid("query").queue);
    return c.json({ object: "list" as const, data }, 200);
  })
  .openapi(setDefaultViewRoute, async (c) => {
    const { queue, view_id } = c.req.valid("json");
    return c.json(await setDefaultSavedView(c.get("db"), consoleScope(c), viewer(c), queue, view_id), 200);
  })
  .openapi(createViewRoute, async (c) => {
    const body = c.req.valid("json");
    const view = await createSavedView(c.get("db"), consoleScope(c), viewer(c), body);
    setEtag(c, view.version);
    return c.json(view, 201);
  })
  .openapi(updateViewRoute, async (c) => {
    const view = await updateSavedView(
      c.get("db"),
      consoleScope(c),
      viewer(c),
      c.req.valid("param").id,
      c.req.valid("json"),
      expectedVersion(c),
    );
    setEtag(c, view.version);
    return c.json(view, 200);
  })
  .openapi(deleteViewRoute, async (c) => {
    const { id } = c.req.valid("param");
    await deleteSavedView(c.get("db"), consoleScope(c), viewer(c), id, expectedVersion(c));
    return c.json({ object: "saved_view" as const, id, deleted: true as const }, 200);
  });
