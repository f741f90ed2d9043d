import {
  Building2,
  CreditCard,
  Fingerprint,
  FolderSearch,
  Gauge,
  Radar,
  Scale,
  ScrollText,
  ShieldAlert,
  Webhook,
  type LucideIcon,
} from "lucide-react";
import { cn } from "@/lib/utils/cn";
import { Card } from "@/components/ui/card";

type Capability = { title: string; description: string; icon: LucideIcon };
type CapabilityGroup = { id: string; title: string; summary: string; items: Capability[] };

// Grouped the way a fraud team thinks about the work: deciding on a payment, knowing who is
// behind it, and finding what the rules missed.
const GROUPS: CapabilityGroup[] = [
  {
    id: "decide",
    title: "Score and decide",
    summary: "A risk answer in the request path, with the reasons behind it.",
    items: [
      {
        title: "Transaction risk scoring",
        description: "Score payments, sign-ups and payouts in real time, with the signals that drove each score.",
        icon: Gauge,
      },
      {
        title: "Payment verification",
        description: "Check cards, bank accounts and payment details before money moves.",
        icon: CreditCard,
      },
      {
        title: "Decisions",
        description: "Approve, review or decline by rules you own, each decision recorded and explainable.",
        icon: Scale,
      },
    ],
  },
  {
    id: "know",
    title: "Know who you deal with",
    summary: "Identity, ownership and device evidence, checked once and kept current.",
    items: [
      {
        title: "KYC and KYB",
        description: "Verify people and businesses, from identity documents to beneficial owners.",
        icon: Building2,
      },
      {
        title: "Sanctions screening",
        description: "Screen names against sanctions lists at onboarding and whenever details change.",
        icon: ShieldAlert,
      },
      {
        title: "Device sessions",
        description: "Tie devices to accounts and spot one device hiding behind many identities.",
        icon: Fingerprint,
      },
    ],
  },
  {
    id: "investigate",
    title: "Detect and investigate",
    summary: "Catch the patterns single transactions hide, and close them out.",
    items: [
      {
        title: "Event log",
        description: "An append-only history of everything that happened to each account.",
        icon: ScrollText,
      },
      {
        title: "Detection engine and alerts",
        description: "Rules watch the event stream and raise an alert the moment a pattern appears.",
        icon: Radar,
      },
      {
        title: "Investigation cases",
        description: "Gather alerts, evidence and notes into a case and take it to a decision.",
        icon: FolderSearch,
      },
      {
        title: "Webhooks",
        description: "Signed deliveries push decisions and alerts to your systems as they happen.",
        icon: Webhook,
      },
    ],
  },
];

export function CapabilityGrid() {
  return (
    <div className="grid gap-12">
      {GROUPS.map((group) => (
        <section key={group.id} aria-labelledby={`capabilities-${group.id}`} className="grid gap-6 lg:grid-cols-[16rem_1fr] lg:gap-10">
          <div>
            <h3 id={`capabilities-${group.id}`} className="text-lg font-semibold tracking-tight">
              {group.title}
            </h3>
            <p className="mt-1.5 text-sm leading-relaxed text-muted-foreground">{group.summary}</p>
          </div>
          <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
            {group.items.map(({ title, description, icon: Icon }, index) => {
              // A lone card on the last row of the three-column layout spans the row, laid out
              // horizontally, instead of leaving two empty cells.
              const spansRow = index === group.items.length - 1 && group.items.length % 3 === 1;
              return (
                <Card as="li" key={title} className={cn("p-5", spansRow && "xl:col-span-3 xl:flex xl:items-start xl:gap-4")}>
                  <span className="inline-flex size-9 shrink-0 items-center justify-center rounded-lg bg-accent text-accent-foreground">
                    <Icon aria-hidden="true" className="size-[1.125rem]" />
                  </span>
                  <div className={cn("mt-4", spansRow && "xl:mt-0")}>
                    <h4 className="text-[0.9375rem] font-semibold">{title}</h4>
                    <p className="mt-1.5 text-sm leading-relaxed text-muted-foreground">{description}</p>
                  </div>
                </Card>
              );
            })}
          </ul>
        </section>
      ))}
    </div>
  );
}
