"use client";

import dynamic from "next/dynamic";

// The resolve dialogs (notes, the outcome picker) load when one opens, not with the alert queue:
// they are rendered only while open, and keep /alerts within issue 32's 250 kB first load.
export const ResolveAlertDialog = dynamic(() => import("./resolve-alert-dialog").then((m) => m.ResolveAlertDialog), { ssr: false });
export const ResolveClusterDialog = dynamic(() => import("./resolve-cluster-dialog").then((m) => m.ResolveClusterDialog), { ssr: false });
