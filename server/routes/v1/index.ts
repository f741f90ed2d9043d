import { createRouter } from "../../http/router";
import { alertsRouter } from "./alerts/alerts.handlers";
import { alertClustersRouter } from "./alert-clusters/alert-clusters.handlers";
import { casesRouter } from "./cases/cases.handlers";
import { caseExportRouter } from "./cases/case-export.handlers";
import { approvalsRouter } from "./approvals/approvals.handlers";
import { decisionsRouter } from "./decisions/decisions.handlers";
import { deviceRouter } from "./device/device.handlers";
import { eventsRouter } from "./events/events.handlers";
import { identityRouter } from "./identity/identity.handlers";
import { transactionsRouter } from "./transactions/transactions.handlers";
import { webhooksRouter } from "./webhooks/webhooks.handlers";
import { usersRouter } from "./users/users.handlers";
import { graphRouter } from "./graph/graph.handlers";

/** Surface A's resources, one router each. */
export const v1Routes = createRouter()
  .route("/", identityRouter)
  .route("/", alertsRouter)
  .route("/", alertClustersRouter)
  .route("/", casesRouter)
  .route("/", caseExportRouter)
  .route("/", approvalsRouter)
  .route("/", webhooksRouter)
  .route("/", transactionsRouter)
  .route("/", decisionsRouter)
  .route("/", deviceRouter)
  .route("/", eventsRouter)
  .route("/", usersRouter)
  .route("/", graphRouter);
