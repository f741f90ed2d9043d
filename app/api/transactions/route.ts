import { signedInFor } from "@/lib/api/download";
import { toSafeError } from "@/lib/api/errors";
import { readTransactionList } from "@/lib/api/transaction-list";
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
  const who = await signedInFor("analyst");
  if (who instanceof Response) return who;
  const search = new URL(request.url).searchParams;
  const show = search.get("show") ?? "all";
  if (!(transactionListShows as readonly string[]).includes(show))
    return refuse(400, `show must be one of ${transactionListShows.join(", ")}.`, "show");
  const userId = search.get("user_id")?.trim() || null;
  if (userId && userId.length > MAX_USER_ID_LENGTH)
    return refuse(400, `user_id must be at most ${MAX_USER_ID_LENGTH} characters.`, "user_id");
  const after = search.get("after") || undefined;
  if (after && after.length > MAX_CURSOR_LENGTH) return refuse(400, `after must be at most ${MAX_CURSOR_LENGTH} characters.`, "after");
  try {
    const answer = await readTransactionList(who.environment, { show: show as TransactionListShow, userId, after });
    return Response.json(answer, { headers: NO_STORE });
  } catch (error) {
    const safe = toSafeError(error);
    if (safe.status === undefined || safe.status >= 500)
      console.error("[argus-console] transactions list failed:", safe.code ?? "error", safe.requestId ?? "-");
    return Response.json({ error: safe }, { status: safe.status && safe.status >= 400 ? safe.status : 502, headers: NO_STORE });
  }
}
