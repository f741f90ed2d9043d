import { getCaseExport } from "@/lib/api/cases";
import { downloadRefusal, fileSafe, signedInFor } from "@/lib/api/download";

// "Download JSON" on the case page: the API's case export, saved as a file. A route, not a
// page, so the browser saves the answer instead of showing it.

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export async function GET(_request: Request, { params }: { params: Promise<{ id: string }> }) {
  const who = await signedInFor("analyst");
  if (who instanceof Response) return who;
  const { id } = await params;
  try {
    const record = await getCaseExport(who.environment, id, 30_000);
    return new Response(`${JSON.stringify(record, null, 2)}\n`, {
      headers: {
        "content-type": "application/json; charset=utf-8",
        "content-disposition": `attachment; filename="${fileSafe(`case-${record.case.case_id}.json`)}"`,
        "cache-control": "no-store",
      },
    });
  } catch (error) {
    return downloadRefusal(error);
  }
}
