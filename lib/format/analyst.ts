import type { AnalystRole } from "../api/wire";

// Roles in the console's words.

export const roleLabels: Record<AnalystRole, string> = {
  analyst: "Analyst",
  lead: "Lead",
  admin: "Admin",
};

export const roleDescriptions: Record<AnalystRole, string> = {
  analyst: "Works alerts, cases, decisions, screenings and events.",
  lead: "Everything an analyst does, plus the case queue overview, assignment, bulk actions and high-impact approvals.",
  admin: "Everything a lead does, plus API keys, webhooks, policies and analysts.",
};
