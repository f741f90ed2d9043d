"use client";

import { Keyboard } from "lucide-react";
import { useRouter } from "next/navigation";
import { useEffect, useState } from "react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Kbd } from "@/components/ui/kbd";
import { hasRole } from "@/lib/auth/roles";
import { hasCommandModifier, isTypingTarget } from "@/lib/hooks/keyboard";
import { modalIsOpen, useHotkey } from "@/lib/hooks/use-hotkey";
import type { AnalystRole } from "@/lib/api/wire";
import { navItems } from "./nav-items";

/** How long after "g" the second key counts. */
const GO_TIMEOUT_MS = 1500;

type Shortcut = { keys: string[]; description: string };

const TABLE_SHORTCUTS: Shortcut[] = [
  { keys: ["j"], description: "Next row" },
  { keys: ["k"], description: "Previous row" },
  { keys: ["Enter"], description: "Open the highlighted row" },
  { keys: ["a"], description: "Acknowledge the highlighted alert (alert queue)" },
  { keys: ["r"], description: "Resolve the highlighted alert (alert queue)" },
];

const GENERAL_SHORTCUTS: Shortcut[] = [
  { keys: ["?"], description: "Show this list" },
  { keys: ["Esc"], description: "Close a dialog" },
];

/** The `?` button and dialog listing the shortcuts, plus the "g then …" navigation keys. */
export function KeyboardShortcuts({ role }: { role: AnalystRole }) {
  const [open, setOpen] = useState(false);
  const goItems = navItems.filter((item) => item.goKey && hasRole(role, item.minRole));
  useHotkey("?", (event) => {
    event.preventDefault();
    setOpen(true);
  });
  useGoToShortcuts(goItems.map((item) => ({ key: item.goKey as string, href: item.href })));

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <Button variant="ghost" size="sm" onClick={() => setOpen(true)} aria-label="Keyboard shortcuts" aria-keyshortcuts="?">
        <Keyboard aria-hidden="true" />
      </Button>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Keyboard shortcuts</DialogTitle>
          <DialogDescription>They work anywhere in the console, except while you type in a field.</DialogDescription>
        </DialogHeader>
        <div className="mt-5 grid gap-5 sm:grid-cols-2">
          <ShortcutGroup
            title="Go to"
            shortcuts={goItems.map((item) => ({ keys: ["g", item.goKey as string], description: item.label }))}
          />
          <div className="grid content-start gap-5">
            <ShortcutGroup title="Lists" shortcuts={TABLE_SHORTCUTS} />
            <ShortcutGroup title="General" shortcuts={GENERAL_SHORTCUTS} />
          </div>
        </div>
      </DialogContent>
    </Dialog>
  );
}

function ShortcutGroup({ title, shortcuts }: { title: string; shortcuts: Shortcut[] }) {
  return (
    <section aria-label={title}>
      <h3 className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">{title}</h3>
      <dl className="mt-2 grid gap-1.5">
        {shortcuts.map((shortcut) => (
          <div key={shortcut.description} className="flex items-center justify-between gap-4 text-sm">
            <dt>{shortcut.description}</dt>
            <dd className="flex items-center gap-1">
              {shortcut.keys.map((key, i) => (
                <span key={key} className="flex items-center gap-1">
                  {i > 0 ? <span className="text-xs text-muted-foreground">then</span> : null}
                  <Kbd>{key}</Kbd>
                </span>
              ))}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/** "g" then a letter navigates, like Gmail and GitHub. */
function useGoToShortcuts(targets: { key: string; href: string }[]) {
  const router = useRouter();
  const signature = targets.map((t) => `${t.key}=${t.href}`).join(",");
  useEffect(() => {
    const map = new Map(
      signature
        .split(",")
        .filter(Boolean)
        .map((pair) => pair.split("=") as [string, string]),
    );
    let armedUntil = 0;
    function onKeyDown(event: KeyboardEvent) {
      if (event.defaultPrevented || hasCommandModifier(event) || isTypingTarget(event.target) || modalIsOpen()) return;
      if (Date.now() < armedUntil) {
        armedUntil = 0;
        const href = map.get(event.key);
        if (href) {
          event.preventDefault();
          router.push(href);
        }
        return;
      }
      if (event.key === "g") armedUntil = Date.now() + GO_TIMEOUT_MS;
    }
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [router, signature]);
}
