import { createRouter } from "../../../http/router";
import { keyScope } from "../../../http/key-scope";
import { getUserProfile } from "../../../domain/users/profile";
import { getUserRoute } from "./users.routes";

export const usersRouter = createRouter().openapi(getUserRoute, async (c) => {
  return c.json(await getUserProfile(c.get("db"), keyScope(c), c.req.valid("param").user_id), 200);
});
