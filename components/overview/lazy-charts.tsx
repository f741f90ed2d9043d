"use client";

import dynamic from "next/dynamic";
import { Skeleton } from "@/components/ui/skeleton";

// The charts (recharts, ~100 kB gzip) load after the page instead of in its first-load JS; the
// overview's numbers above them (pending reviews) need none of it. Not rendered on the server:
// recharts measures its container in the browser anyway.
const loading = () => <Skeleton className="h-[22rem] rounded-lg" />;

export const ScoresChart = dynamic(() => import("./scores-chart").then((m) => m.ScoresChart), { ssr: false, loading });
export const AlertsChart = dynamic(() => import("./alerts-chart").then((m) => m.AlertsChart), { ssr: false, loading });
export const CasesChart = dynamic(() => import("./cases-chart").then((m) => m.CasesChart), { ssr: false, loading });
