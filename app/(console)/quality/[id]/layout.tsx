import type { ReactNode } from "react";
import { getQualityReview } from "@/lib/api/quality";
import { requireFound } from "@/lib/api/require-found";
import { getActiveEnvironment } from "@/lib/auth/environment";
import { requireRole } from "@/lib/auth/guards";

// Role and existence are checked before the loading skeleton streams, so an unknown id answers 404.
export default async function QualityReviewLayout({ children, params }: { children: ReactNode; params: Promise<{ id: string }> }) {
  const analyst = await requireRole("analyst");
  const environment = await getActiveEnvironment(analyst.id);
  const { id } = await params;
  await requireFound(() => getQualityReview(environment, analyst, id));
  return children;
}
