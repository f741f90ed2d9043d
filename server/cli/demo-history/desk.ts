import type { DemoClient } from "../demo-stream/client";
import { CASE_TYPE, openAlerts } from "../demo-stream/cases";
import { DEFAULT_DUE_SECONDS } from "../../domain/sla";
import type { Rng } from "../demo-stream/rng";
import type { ConsoleSessions, Member } from "./team";

// The team at work, step by step of the history: alerts acknowledged and opened as cases (or
// dismissed), cases taken into review, noted and resolved with a resolution and the analyst's
// decisions on their transactions, sometimes late; high-risk payments put in manual review; blind
// quality reviews given by a second analyst; a held false-positive resolution approved by the lead.
// Every write goes through the API as the console sends it (Surface A with `actor_id`, or the
// dashboard routes with the analyst's own token).

type Resolution = "confirmed_fraud" | "false_positive" | "inconclusive";
type Alert = { alert_id: string; alert_type: string; severity: string; summary: string; key: string };

type PlannedCase = {
  id?: string;
  title: string;
  caseType: string;
  severity: string;
  owner: Member;
  openAt: number;
  /** After opening: when it goes into review, when it is resolved (Infinity: still waiting at the end). */
  reviewAfter: number;
  resolveAfter: number;
  reviewAt?: number;
  resolveAt?: number;
  resolution: Resolution;
  alertId?: string;
  userId?: string;
  transactionIds: string[];
  stage: "planned" | "open" | "in_review" | "held" | "resolved";
};

const HOUR = 3_600_000;
const OUTCOME: Record<string, Resolution> = {
  card_testing: "confirmed_fraud",
  ato_pattern: "confirmed_fraud",
  identity_abuse: "confirmed_fraud",
  new_device_cluster: "confirmed_fraud",
  // The demo's velocity spikes are a merchant's checkout retrying one customer's payment.
  velocity_spike: "false_positive",
};
const VERDICT: Record<Resolution, string> = {
  confirmed_fraud: "Confirmed with the issuer: the customer did not make these payments. Cards blocked.",
  false_positive: "The customer confirmed the payments; nothing fraudulent.",
  inconclusive: "Could not reach the customer; no further evidence either way.",
};

export type DeskCounts = { casesOpened: number; casesResolved: number; alertsDismissed: number; reviews: number; approvals: number };

export class Desk {
  readonly counts: DeskCounts = { casesOpened: 0, casesResolved: 0, alertsDismissed: 0, reviews: 0, approvals: 0 };
  private readonly seen = new Set<string>();
  private readonly cases: PlannedCase[] = [];
  private readonly dismissals: { alert: Alert; owner: Member; ackAt: number; resolveAt: number; acked: boolean }[] = [];
  private readonly resolutionOf = new Map<string, Resolution>();
  /** Resolutions held for a second person: the approval and who made it. */
  private readonly held: { id: string; maker: string }[] = [];
  /** Whether the quality report shows an agreement and an overturn yet. */
  private readonly shown = { agreed: false, overturned: false };
  private lateOnce = false;
  /** Whether a case of the final days has been cleared in the final hours (the forecast's window). */
  private clearedLate = false;
  private manualReviews = 0;
  private readonly reviewedOn = new Map<string, number>();
  /** Challenged payments of the history, for the manual-review picks: id, risk score, signals, when. */
  private readonly scored: { id: string; risk: number; signals: string[]; at: number }[] = [];
  private readonly inCase = new Set<string>();

  constructor(
    private readonly rng: Rng,
    private readonly api: DemoClient,
    private readonly sessions: ConsoleSessions,
    private readonly team: readonly Member[],
    /** The end of the history: work picked up in its last days is partly still waiting then. */
    private readonly end: number,
    /** The bootstrap admin: decides what the lead made (nobody approves their own action). */
    private readonly admin: Member,
    private readonly log: (line: string) => void = () => {},
  ) {}

  private get analysts(): Member[] {
    return this.team.filter((m) => m.role === "analyst");
  }
  private get lead(): Member {
    return this.team.find((m) => m.role === "lead") ?? this.team[0]!;
  }
  /** Most work goes to the analysts; the lead takes a share. */
  private pickOwner(): Member {
    return this.rng.chance(0.15) ? this.lead : this.rng.pick(this.analysts);
  }
  /**
   * How long a case takes: mostly well within its SLA (the default policy's due time, which the
   * history leaves as it is), about one in six later than that (a breach the sweep records).
   */
  private resolveDelay(openAt: number, severity: string): number {
    // The last three days' backlog: a third of those cases are still open or in review at the end.
    if (openAt > this.end - 72 * HOUR && this.rng.chance(0.35)) return Infinity;
    const due = (DEFAULT_DUE_SECONDS[severity as keyof typeof DEFAULT_DUE_SECONDS] ?? DEFAULT_DUE_SECONDS.medium) / 3600;
    // Some of that backlog is cleared in the final hours, within its due time, so the breach
    // forecast (which reads the last 8 hours' clearance) has a rate to work from.
    if (openAt > this.end - 72 * HOUR && (!this.clearedLate || this.rng.chance(0.4))) {
      const delay = this.end - this.rng.int(1, 7) * HOUR - openAt;
      if (delay >= HOUR && delay <= due * HOUR * 0.9) {
        this.clearedLate = true;
        return delay;
      }
    }
    // The first case of the history's first week is late, so every history shows a breach.
    const late = (!this.lateOnce && openAt < this.end - 7 * 24 * HOUR) || this.rng.chance(0.16);
    this.lateOnce ||= late;
    if (late) return (due + this.rng.int(2, 30)) * HOUR;
    const quick = Math.max(1, Math.min(5, Math.floor(due * 0.8)));
    return (this.rng.chance(0.55) ? this.rng.int(1, quick) : this.rng.int(1, Math.max(1, Math.floor(due * 0.9)))) * HOUR;
  }

  /** A score the engine answered: the challenged ones are the manual-review candidates. */
  noteScore(score: { transaction_id: string; risk_score: number; decision: string; signals: { name: string; weight: string }[] }): void {
    if (score.decision !== "challenge") return;
    const signals = score.signals.filter((x) => x.weight !== "low_risk").map((x) => x.name.replace(/_/g, " "));
    this.scored.push({ id: score.transaction_id, risk: score.risk_score, signals, at: Date.now() });
  }

  /** New alerts: each is planned as a case for one of the team, or dismissed. */
  async triage(now: number): Promise<void> {
    for (const alert of await openAlerts(this.api)) {
      if (this.seen.has(alert.alert_id)) continue;
      this.seen.add(alert.alert_id);
      const detail = await this.api.get(`/v1/alerts/${alert.alert_id}?limit=100`);
      const txns: string[] = detail.status === 200 ? (detail.body.transaction_ids?.data ?? []) : [];
      const users: string[] = detail.status === 200 ? (detail.body.user_ids?.data ?? []) : [];
      for (const t of txns) this.inCase.add(t);
      const owner = this.pickOwner();
      const pickup = now + this.rng.int(0, 3) * HOUR;
      // Some of the last two days' alerts are still waiting in the alert queue at the end.
      if (now > this.end - 48 * HOUR && this.rng.chance(0.2)) continue;
      if (alert.alert_type === "new_device_cluster" && this.rng.chance(0.3)) {
        this.dismissals.push({ alert, owner, ackAt: pickup, resolveAt: pickup + this.rng.int(1, 4) * HOUR, acked: false });
        continue;
      }
      const resolution = OUTCOME[alert.alert_type] ?? (this.rng.chance(0.7) ? "confirmed_fraud" : "inconclusive");
      this.cases.push({
        title: `${alert.alert_type.replace(/_/g, " ")}: ${alert.summary}`.slice(0, 200),
        caseType: CASE_TYPE[alert.alert_type] ?? "policy_violation",
        severity: alert.severity,
        owner,
        openAt: pickup,
        reviewAfter: this.rng.int(0, 2) * HOUR,
        resolveAfter: this.resolveDelay(pickup, alert.severity),
        resolution,
        alertId: alert.alert_id,
        userId: users.length === 1 || alert.alert_type === "ato_pattern" ? users[0] : undefined,
        transactionIds: txns.slice(0, 100),
        stage: "planned",
      });
    }
  }

  /** Once a day: the riskiest payments of the last day not in any case go to manual review. */
  planManualReview(now: number, count: number): void {
    const recent = this.scored.filter((s) => s.at > now - 24 * HOUR && s.at <= now && !this.inCase.has(s.id));
    recent.sort((a, b) => b.risk - a.risk || a.id.localeCompare(b.id));
    for (const s of recent.slice(0, count)) {
      this.inCase.add(s.id);
      const r = this.rng.next();
      const severity = s.risk >= 70 ? "high" : "medium";
      this.cases.push({
        title: `Manual review: challenged payment …${s.id.slice(-6)}, risk ${s.risk}${s.signals.length ? ` (${s.signals.slice(0, 2).join(", ")})` : ""}`,
        caseType: "payment_fraud",
        severity,
        owner: this.pickOwner(),
        openAt: now,
        reviewAfter: this.rng.chance(0.2) ? Infinity : this.rng.int(0, 3) * HOUR,
        resolveAfter: this.resolveDelay(now, severity),
        // The first two give the history's first false positive and first inconclusive outcome.
        resolution:
          ["false_positive" as const, "inconclusive" as const][this.manualReviews++] ??
          (r < 0.7 ? "false_positive" : r < 0.85 ? "inconclusive" : "confirmed_fraud"),
        transactionIds: [s.id],
        stage: "planned",
      });
    }
  }

  /** Everything due by `now`, in the order it was planned. */
  async work(now: number): Promise<void> {
    for (const d of this.dismissals) {
      if (!d.acked && d.ackAt <= now) {
        await this.api.patch(`/v1/alerts/${d.alert.alert_id}`, { status: "acknowledged", actor_id: d.owner.id });
        d.acked = true;
      }
      if (d.acked && d.resolveAt <= now) {
        const r = await this.api.patch(`/v1/alerts/${d.alert.alert_id}`, {
          status: "resolved",
          resolution: "false_positive",
          resolution_notes: "Known customers on a shared office network; no fraud.",
          actor_id: d.owner.id,
        });
        if (r.status === 200) this.counts.alertsDismissed++;
      }
    }
    this.dismissals.splice(0, this.dismissals.length, ...this.dismissals.filter((d) => !(d.acked && d.resolveAt <= now)));
    for (const c of this.cases) await this.advance(c, now);
    await this.approve();
  }

  private async advance(c: PlannedCase, now: number): Promise<void> {
    const actor = { actor_id: c.owner.id };
    if (c.stage === "planned" && c.openAt <= now) {
      if (c.alertId) await this.api.patch(`/v1/alerts/${c.alertId}`, { status: "acknowledged", ...actor });
      const r = await this.api.post("/v1/cases", {
        title: c.title,
        case_type: c.caseType,
        severity: c.severity,
        transaction_ids: c.transactionIds,
        ...(c.userId ? { user_id: c.userId } : {}),
        ...(c.alertId ? { alert_id: c.alertId, notes: `Opened from alert ${c.alertId}.` } : {}),
        assignee_id: c.owner.id,
        ...actor,
      });
      if (r.status !== 201) return;
      c.id = r.body.case_id as string;
      c.stage = "open";
      // From when it was really opened (a night may have passed since it was planned).
      c.reviewAt = now + Math.min(c.reviewAfter, c.resolveAfter);
      c.resolveAt = now + Math.max(c.resolveAfter, HOUR);
      this.counts.casesOpened++;
    }
    if (!c.id) return;
    if (c.stage === "open" && c.reviewAt! <= now) {
      await this.api.patch(`/v1/cases/${c.id}`, { status: "in_review", ...actor });
      await this.api.patch(`/v1/cases/${c.id}`, { notes: "Reviewed the linked payments, devices and the customer's history.", ...actor });
      c.stage = "in_review";
    }
    if (c.stage === "in_review" && c.resolveAt! <= now) {
      for (const txn of c.transactionIds.slice(0, 5)) {
        if (c.resolution === "inconclusive") break;
        const fraud = c.resolution === "confirmed_fraud";
        await this.api.post("/v1/decisions", {
          transaction_id: txn,
          decision: fraud ? "block" : "allow",
          reason: fraud ? "confirmed_fraud" : "false_positive",
          notes: VERDICT[c.resolution].slice(0, 1000),
          analyst_id: c.owner.id,
        });
      }
      const r = await this.api.patch(`/v1/cases/${c.id}`, {
        status: "resolved",
        resolution: c.resolution,
        notes: VERDICT[c.resolution],
        ...actor,
      });
      // Held for a second person (the account's four-eyes rule): the lead decides it next.
      if (r.status === 202) {
        this.held.push({ id: r.body.approval_id as string, maker: r.body.maker_id as string });
        c.stage = "held";
        return;
      }
      if (r.status === 200) {
        c.stage = "resolved";
        this.resolutionOf.set(c.id, c.resolution);
        this.counts.casesResolved++;
      }
    }
  }

  private async approve(): Promise<void> {
    for (const { id, maker } of this.held.splice(0)) {
      const decider = await this.sessions.client(maker === this.lead.id ? this.admin : this.lead);
      const r = await decider.post(`/api/v1/approvals/${id}/approve`, {
        reason: "Checked the merchant's retry logs with the analyst: the customer's own payments.",
      });
      if (r.status !== 200) {
        this.log(`demo history: the lead could not approve ${id}: ${r.status} ${JSON.stringify(r.body)}`);
        continue;
      }
      this.counts.approvals++;
      const c = this.cases.find((x) => x.stage === "held" && r.body.object_id === x.id);
      if (c?.id) {
        c.stage = "resolved";
        this.resolutionOf.set(c.id, c.resolution);
        this.counts.casesResolved++;
      }
    }
  }

  /** Each member gives up to two blind second reviews a day; most agree, some overturn. */
  async review(day: number): Promise<void> {
    for (const m of this.team) {
      if (this.reviewedOn.get(m.id) === day) continue;
      this.reviewedOn.set(m.id, day);
      const api = await this.sessions.client(m);
      const pending = await api.get("/api/v1/quality-reviews?status=pending&limit=10");
      if (pending.status !== 200) continue;
      for (const item of (pending.body.data as { review_id: string; case: { case_id: string } }[]).slice(0, 2)) {
        const first = this.resolutionOf.get(item.case.case_id) ?? "inconclusive";
        const second = this.secondOpinion(first);
        const r = await api.post(`/api/v1/quality-reviews/${item.review_id}/submit`, {
          resolution: second,
          notes: second === first ? "Same reading of the evidence." : "The device and payment history point the other way.",
        });
        if (r.status !== 200) continue;
        this.counts.reviews++;
        this.shown.agreed ||= second === first;
        this.shown.overturned ||= second !== first && second !== "inconclusive" && first !== "inconclusive";
      }
    }
  }

  /**
   * The second analyst's outcome: mostly the same. Until the report shows an agreement and an
   * overturn (confirmed fraud against false positive), the next reviews give them.
   */
  private secondOpinion(first: Resolution): Resolution {
    const opposite: Resolution | undefined =
      first === "confirmed_fraud" ? "false_positive" : first === "false_positive" ? "confirmed_fraud" : undefined;
    if (!this.shown.agreed) return first;
    if (!this.shown.overturned && opposite) return opposite;
    if (this.rng.chance(0.72)) return first;
    return opposite && this.rng.chance(0.6) ? opposite : first === "inconclusive" ? "confirmed_fraud" : "inconclusive";
  }
}
