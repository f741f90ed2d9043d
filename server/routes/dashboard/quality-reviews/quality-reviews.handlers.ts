import { createRouter } from "../../../http/router";
import { consoleScope } from "../../../http/key-scope";
import { getQualityReview, listQualityReviews, qualityReport, submitQualityReview } from "../../../domain/quality/reviews";
import { getQualityReviewRoute, listQualityReviewsRoute, qualityReportRoute, submitQualityReviewRoute } from "./quality-reviews.routes";

// The report is registered before /{id} so that "report" is never read as an id.
export const qualityReviewsRouter = createRouter()
  .openapi(qualityReportRoute, async (c) => {
    const q = c.req.valid("query");
    return c.json(await qualityReport(c.get("db"), consoleScope(c), { start: q.start_time, end: q.end_time }), 200);
  })
  .openapi(listQualityReviewsRoute, async (c) => {
    const q = c.req.valid("query");
    const analystId = c.get("analyst")!.analystId;
    return c.json(await listQualityReviews(c.get("db"), consoleScope(c), { analystId, ...q }), 200);
  })
  .openapi(getQualityReviewRoute, async (c) => c.json(await getQualityReview(c.get("db"), consoleScope(c), c.req.valid("param").id), 200))
  .openapi(submitQualityReviewRoute, async (c) => {
    const body = c.req.valid("json");
    const review = await submitQualityReview(c.get("db"), consoleScope(c), c.req.valid("param").id, {
      analystId: c.get("analyst")!.analystId,
      resolution: body.resolution,
      notes: body.notes,
    });
    return c.json(review, 200);
  });
