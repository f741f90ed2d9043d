import { openAuditLog } from "@/lib/api/backtests";
import { downloadRefusal, fileSafe, signedInFor } from "@/lib/api/download";
import { PeriodQuerySchema } from "@/lib/schemas/period";

// The account's audit log for a period as NDJSON, passed on to the browser as the API streams
// it (the console holds no copy). The API judges the period; its 400 (over a year) comes back as
// JSON for the form to show.

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export async function GET(request: Request) {
  const who = await signedInFor("admin");
  if (who instanceof Response) return who;
  const query = new URL(request.url).searchParams;
  const period = PeriodQuerySchema.safeParse({ start_time: query.get("start_time"), end_time: query.get("end_time") });
  if (!period.success) {
    return Response.json({ error: { message: "Choose the period's first and last day.", status: 400 } }, { status: 400 });
  }
  try {
    const upstream = await openAuditLog(who.environment, who.analyst, period.data, request.signal);
    const name = fileSafe(
      `argus-audit-log-${who.environment}-${period.data.start_time.slice(0, 10)}-${period.data.end_time.slice(0, 10)}.ndjson`,
    );
    return new Response(upstream.body, {
      headers: {
        "content-type": "application/x-ndjson; charset=utf-8",
        "content-disposition": `attachment; filename="${name}"`,
        "cache-control": "no-store",
      },
    });
  } catch (error) {
    return downloadRefusal(error);
  }
}
