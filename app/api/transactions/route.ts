import { signedInFor } from "@/lib/api/download";
import { toSafeError } from "@/lib/api/errors";
import { readTransactionList } from "@/lib/api/transaction-list";
import { getActiveEnvironment } from "@/lib/auth/environment";
import { getSessionClaims } from "@/lib/auth/guards";
import { MAX_CURSOR_LENGTH } from "@/lib/queries/cursor-stack";
import { transactionListShows, type TransactionListShow } from "@/lib/queries/transaction-search-params";

// GET /api/transactions?show=all|blocked|review&user_id=&after=
// A page of the transactions list (the Needs review queue with show=review) for the view's later
// filters and pages: the browser asks the console, the console asks the API with its key, and no
// server render of the page runs. The first page comes with the page itself (its server render).

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

const NO_STORE = { "cache-control": "no-store" };
const MAX_USER_ID_LENGTH = 200;

const refuse = (status: number, message: string, param?: string) =>
  Response.json({ error: { message, code: "invalid_field_value", status, param } }, { status, headers: NO_STORE });

export async function GET(request: Request) {
  const claims = await getSessionClaims();
  if (!claims)
    return Response.json({ error: { message: "Your session has ended. Sign in again to continue." } }, { status: 401, headers: NO_STORE });
  const search = new URL(request.url).searchParams;
  const show = search.get("show") ?? "all";
  if (!(transactionListShows as readonly string[]).includes(show))
    return refuse(400, `show must be one of ${transactionListShows.join(", ")}.`, "show");
  const userId = search.get("user_id")?.trim() || null;
  if (userId && userId.length > MAX_USER_ID_LENGTH)
    return refuse(400, `user_id must be at most ${MAX_USER_ID_LENGTH} characters.`, "user_id");
  const after = search.get("after") || undefined;
  if (after && after.length > MAX_CURSOR_LENGTH) return refuse(400, `after must be at most ${MAX_CURSOR_LENGTH} characters.`, "after");
  // As on the page: the rows are read while the API confirms the session, and sent only if it does.
  const environment = await getActiveEnvironment(claims.id);
  const [who, read] = await Promise.all([
    signedInFor("analyst"),
    readTransactionList(environment, { show: show as TransactionListShow, userId, after }).then(
      (answer) => ({ answer, error: null }),
      (error: unknown) => ({ answer: null, error }),
    ),
  ]);
  if (who instanceof Response) return who;
  if (read.answer) return Response.json(read.answer, { headers: NO_STORE });
  const safe = toSafeError(read.error);
  if (safe.status === undefined || safe.status >= 500)
    console.error("[argus-console] transactions list failed:", safe.code ?? "error", safe.requestId ?? "-");
  return Response.json({ error: safe }, { status: safe.status && safe.status >= 400 ? safe.status : 502, headers: NO_STORE });
}
