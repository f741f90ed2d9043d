import { ArrowRight, BookOpen, FlaskConical, LogIn, ShieldCheck, UserCog, Users } from "lucide-react";
import type { Metadata } from "next";
import type { ReactNode } from "react";
import { CapabilityGrid } from "@/components/site/capability-grid";
import { DecisionPreview } from "@/components/site/decision-preview";
import { SiteFooter } from "@/components/site/site-footer";
import { SiteHeader } from "@/components/site/site-header";
import { Badge } from "@/components/ui/badge";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { LinkButton } from "@/components/ui/link-button";

export const metadata: Metadata = {
  title: { absolute: "Argus · Fraud prevention platform" },
};

const ANALYST_TASKS = [
  "Work the alert queue, highest risk first",
  "See an account's events, devices and decisions on one timeline",
  "Open a case, attach evidence and record the outcome with a reason",
];

const LEAD_TASKS = [
  "Assign alerts and keep queues balanced across the team",
  "Follow cases to closure and review how decisions were reached",
  "Manage API keys, webhooks and the detection set-up",
];

export default function LandingPage() {
  return (
    <>
      <SiteHeader current="home" />
      <main id="main" tabIndex={-1} className="focus:outline-none">
        <Hero />
        <section aria-labelledby="capabilities-heading" className="border-t border-border bg-surface-muted/60">
          <div className="mx-auto max-w-6xl px-4 py-20 sm:px-6">
            <SectionIntro
              id="capabilities-heading"
              eyebrow="The platform"
              title="One API for the whole fraud lifecycle"
              description="From the first risk score to the closed case, every step runs on the same data, so a decision can always be traced back to the evidence behind it."
            />
            <div className="mt-12">
              <CapabilityGrid />
            </div>
          </div>
        </section>
        <ConsoleSection />
        <EnvironmentsSection />
      </main>
      <SiteFooter />
    </>
  );
}

function Hero() {
  return (
    <section aria-labelledby="hero-heading" className="mx-auto max-w-6xl px-4 pt-16 pb-20 sm:px-6 lg:pt-24">
      <div className="grid items-center gap-14 lg:grid-cols-[1.1fr_1fr]">
        <div>
          <Badge tone="accent">
            <ShieldCheck aria-hidden="true" />
            Open-source fraud prevention
          </Badge>
          <h1 id="hero-heading" className="mt-5 text-4xl font-semibold tracking-tight text-balance sm:text-5xl">
            Stop fraud before the money moves.
          </h1>
          <p className="mt-5 max-w-xl text-lg leading-relaxed text-pretty text-muted-foreground">
            Argus scores every transaction, verifies payments and identities, screens against sanctions lists and watches for the patterns
            single events hide. Your analysts investigate and decide in one console.
          </p>
          <div className="mt-8 flex flex-wrap gap-3">
            <LinkButton href="/sign-in" size="lg" prefetch={false}>
              <LogIn />
              Sign in to the console
            </LinkButton>
            <LinkButton href="/reference" size="lg" variant="secondary">
              <BookOpen />
              Read the API reference
            </LinkButton>
          </div>
          <dl className="mt-10 grid max-w-lg grid-cols-3 gap-6 border-t border-border pt-6 text-sm">
            <HeroFact term="Decisions" detail="Explained, signal by signal" />
            <HeroFact term="Environments" detail="Production and sandbox" />
            <HeroFact term="Hosting" detail="Yours: runs on your servers" />
          </dl>
        </div>
        <DecisionPreview />
      </div>
    </section>
  );
}

function HeroFact({ term, detail }: { term: string; detail: string }) {
  return (
    <div>
      <dt className="font-medium">{term}</dt>
      <dd className="mt-1 text-muted-foreground">{detail}</dd>
    </div>
  );
}

function SectionIntro({ id, eyebrow, title, description }: { id: string; eyebrow: string; title: string; description: string }) {
  return (
    <div className="max-w-2xl">
      <p className="text-sm font-semibold text-primary">{eyebrow}</p>
      <h2 id={id} className="mt-2 text-3xl font-semibold tracking-tight text-balance">
        {title}
      </h2>
      <p className="mt-4 text-base leading-relaxed text-pretty text-muted-foreground">{description}</p>
    </div>
  );
}

function ConsoleSection() {
  return (
    <section aria-labelledby="console-heading" className="border-t border-border">
      <div className="mx-auto max-w-6xl px-4 py-20 sm:px-6">
        <SectionIntro
          id="console-heading"
          eyebrow="The console"
          title="Built for the people who make the call"
          description="The Argus Console is where alerts become decisions. Each person sees what their role needs, and every action is written to the account's history."
        />
        <div className="mt-12 grid gap-6 md:grid-cols-2">
          <RoleCard
            icon={<Users aria-hidden="true" className="size-5" />}
            title="Analysts"
            description="Move fast on the alerts that matter, with the full picture in front of you."
            tasks={ANALYST_TASKS}
          />
          <RoleCard
            icon={<UserCog aria-hidden="true" className="size-5" />}
            title="Team leads"
            description="Keep the team on the right work and the set-up in good shape."
            tasks={LEAD_TASKS}
          />
        </div>
        <div className="mt-10">
          <LinkButton href="/sign-in" variant="secondary" prefetch={false}>
            Sign in to the console
            <ArrowRight />
          </LinkButton>
        </div>
      </div>
    </section>
  );
}

function RoleCard({ icon, title, description, tasks }: { icon: ReactNode; title: string; description: string; tasks: string[] }) {
  return (
    <Card>
      <CardHeader>
        <div className="flex items-center gap-3">
          <span className="inline-flex size-10 items-center justify-center rounded-lg bg-accent text-accent-foreground">{icon}</span>
          <CardTitle className="text-lg">{title}</CardTitle>
        </div>
        <CardDescription className="mt-2">{description}</CardDescription>
      </CardHeader>
      <CardContent>
        <ul className="grid gap-2.5 text-sm">
          {tasks.map((task) => (
            <li key={task} className="flex gap-2.5">
              <span aria-hidden="true" className="mt-[0.45rem] size-1.5 shrink-0 rounded-full bg-primary" />
              {task}
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}

function EnvironmentsSection() {
  return (
    <section aria-labelledby="environments-heading" className="border-t border-border bg-surface-muted/60">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-20 sm:px-6 lg:grid-cols-2 lg:items-center">
        <SectionIntro
          id="environments-heading"
          eyebrow="For developers"
          title="Integrate against the sandbox, ship to production"
          description="The same API runs twice: production with live keys, and a pre-production sandbox with test keys where nothing you send touches real customers. The reference documents every endpoint of both API surfaces."
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <Card>
            <CardHeader>
              <Badge tone="success" className="w-fit">
                Live keys
              </Badge>
              <CardTitle className="mt-2">Production</CardTitle>
            </CardHeader>
            <CardContent className="pt-2">
              <CardDescription>Real traffic, real decisions, full audit trail.</CardDescription>
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <Badge tone="warning" className="w-fit">
                <FlaskConical aria-hidden="true" />
                Test keys
              </Badge>
              <CardTitle className="mt-2">Sandbox</CardTitle>
            </CardHeader>
            <CardContent className="pt-2">
              <CardDescription>Same endpoints and behaviour, isolated data for your tests.</CardDescription>
            </CardContent>
          </Card>
          <div className="sm:col-span-2">
            <LinkButton href="/reference" variant="ghost" className="-ml-3 text-primary hover:text-primary">
              Browse the API reference
              <ArrowRight />
            </LinkButton>
          </div>
        </div>
      </div>
    </section>
  );
}
