// Chart colours come from the console's theme variables, so charts follow light and dark mode and
// carry the same meaning as the badges: allow green, challenge amber, block red.
export const decisionColors = { allow: "var(--success)", challenge: "var(--warning)", block: "var(--danger)" } as const;

export const severityColors = {
  low: "var(--border-strong)",
  medium: "var(--warning)",
  high: "color-mix(in oklab, var(--danger) 70%, var(--surface))",
  critical: "var(--danger)",
} as const;

export const caseStatusColors = {
  open: "var(--primary)",
  in_review: "var(--warning)",
  resolved: "var(--success)",
  closed: "var(--muted-foreground)",
} as const;

export const axisTick = { fill: "var(--muted-foreground)", fontSize: 12 };
export const gridStroke = "var(--border)";
export const tooltipStyle = {
  contentStyle: {
    background: "var(--surface)",
    border: "1px solid var(--border)",
    borderRadius: 8,
    color: "var(--foreground)",
    fontSize: 12,
  },
  labelStyle: { color: "var(--foreground)", fontWeight: 600 },
  cursor: { fill: "var(--surface-muted)" },
};
