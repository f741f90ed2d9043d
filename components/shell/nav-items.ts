import {
  BellRing,
  Briefcase,
  FileClock,
  ClipboardCheck,
  Gauge,
  Stamp,
  FileSpreadsheet,
  Fingerprint,
  KeyRound,
  LayoutDashboard,
  ListChecks,
  ReceiptText,
  ScrollText,
  ShieldAlert,
  SlidersHorizontal,
  UsersRound,
  Webhook,
  type LucideIcon,
} from "lucide-react";
import type { AnalystRole } from "@/lib/api/wire";

// The console's sections, with the least role that sees each (lib/auth/README.md). The server
// checks roles again on every page and action; hiding a link is convenience, not security.

export type NavSection = "work" | "team" | "admin";

export type NavItem = {
  href: string;
  label: string;
  icon: LucideIcon;
  minRole: AnalystRole;
  section: NavSection;
  /** Second key of a "g then …" shortcut. */
  goKey?: string;
  /** One line for the section's placeholder page and the overview's links. */
  description: string;
};

export const navSectionLabels: Record<NavSection, string> = {
  work: "Investigate",
  team: "Team",
  admin: "Administration",
};

export const navItems: readonly NavItem[] = [
  {
    href: "/overview",
    label: "Overview",
    icon: LayoutDashboard,
    minRole: "analyst",
    section: "work",
    goKey: "o",
    description: "Volumes, decisions and open work at a glance.",
  },
  {
    href: "/alerts",
    label: "Alerts",
    icon: BellRing,
    minRole: "analyst",
    section: "work",
    goKey: "a",
    description: "Patterns the detection engine raised, highest severity first.",
  },
  {
    href: "/cases",
    label: "Cases",
    icon: Briefcase,
    minRole: "analyst",
    section: "work",
    goKey: "c",
    description: "Investigations with their evidence and audit timeline.",
  },
  {
    href: "/transactions",
    label: "Transactions",
    icon: ReceiptText,
    minRole: "analyst",
    section: "work",
    goKey: "t",
    description: "Scores explained signal by signal, with the decision chain.",
  },
  {
    href: "/events",
    label: "Events",
    icon: ScrollText,
    minRole: "analyst",
    section: "work",
    goKey: "e",
    description: "Search the append-only event log.",
  },
  {
    href: "/watchlist",
    label: "Watchlist review",
    icon: ShieldAlert,
    minRole: "analyst",
    section: "work",
    goKey: "w",
    description: "Possible sanctions, PEP and adverse-media matches to confirm or clear.",
  },
  {
    href: "/identity",
    label: "Identity review",
    icon: Fingerprint,
    minRole: "analyst",
    section: "work",
    goKey: "i",
    description: "Identity verifications waiting for a person.",
  },
  {
    href: "/quality",
    label: "Quality review",
    icon: ClipboardCheck,
    minRole: "analyst",
    section: "work",
    description: "Resolved cases drawn for a blind second review.",
  },
  {
    href: "/batch-scoring",
    label: "Batch scoring",
    icon: FileSpreadsheet,
    minRole: "analyst",
    section: "work",
    goKey: "b",
    description: "Score a CSV file of transactions.",
  },
  {
    href: "/cases/queue",
    label: "Case queue",
    icon: ListChecks,
    minRole: "lead",
    section: "team",
    goKey: "q",
    description: "Workload by analyst, assignment and bulk actions.",
  },
  {
    // Analysts reach their own requests from the "Sent for approval" notice (/approvals lists only those).
    href: "/approvals",
    label: "Approvals",
    icon: Stamp,
    minRole: "lead",
    section: "team",
    description: "Actions held for a second person (four-eyes): approve or reject them.",
  },
  {
    href: "/quality/report",
    label: "Review quality",
    icon: Gauge,
    minRole: "lead",
    section: "team",
    description: "Agreement and overturn rates of each analyst's resolutions, by week.",
  },
  {
    href: "/settings/api-keys",
    label: "API keys",
    icon: KeyRound,
    minRole: "admin",
    section: "admin",
    description: "Keys of the current environment: create, scope and revoke.",
  },
  {
    href: "/settings/webhooks",
    label: "Webhooks",
    icon: Webhook,
    minRole: "admin",
    section: "admin",
    description: "Endpoints that receive events, and their deliveries.",
  },
  {
    href: "/settings/policies",
    label: "Policies",
    icon: SlidersHorizontal,
    minRole: "admin",
    section: "admin",
    description: "Score bands, rules and detection thresholds.",
  },
  {
    href: "/settings/analysts",
    label: "Analysts",
    icon: UsersRound,
    minRole: "admin",
    section: "admin",
    description: "Who can sign in to the console, and with which role.",
  },
  {
    href: "/settings/audit-log",
    label: "Audit log",
    icon: FileClock,
    minRole: "admin",
    section: "admin",
    description: "Download everything recorded in a period, for auditors.",
  },
];

/** The nav item a path belongs to (the longest matching href), for aria-current. */
export function currentNavHref(pathname: string, items: readonly NavItem[] = navItems): string | undefined {
  return items
    .filter((item) => pathname === item.href || pathname.startsWith(`${item.href}/`))
    .sort((a, b) => b.href.length - a.href.length)[0]?.href;
}
