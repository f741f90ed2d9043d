"use client";

import { ChevronDown, ChevronRight } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { CopyButton } from "@/components/ui/copy-button";
import { cn } from "@/lib/utils/cn";
import { UserText } from "@/components/ui/user-text";
import { revealHidden } from "@/lib/format/invisible-characters";
import { childPath, containerPaths, entriesOf, formatLeaf, isContainer, jsonKind, prettyJson, ROOT_PATH, summarise } from "./json-tree";

const leafTone: Record<string, string> = {
  string: "text-success",
  number: "text-accent-foreground",
  boolean: "text-warning",
  null: "text-muted-foreground italic",
};

type JsonViewerProps = {
  value: unknown;
  /** Names the viewer for screen readers, e.g. "Payload of event evt_…". */
  label: string;
};

/**
 * A JSON document, pretty-printed, with every object and array a disclosure button (Tab reaches
 * them, Enter or Space folds them), "expand all" / "collapse all", and a copy of the whole text.
 * Remount it (key) for another document: the folded paths belong to one document.
 */
export function JsonViewer({ value, label }: JsonViewerProps) {
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(() => new Set());
  const nested = containerPaths(value);
  const toggle = (path: string) =>
    setCollapsed((current) => {
      const next = new Set(current);
      if (!next.delete(path)) next.add(path);
      return next;
    });

  return (
    <section aria-label={label} className="grid gap-2">
      <div className="flex flex-wrap items-center gap-2">
        {nested.length > 0 ? (
          <>
            <Button variant="ghost" size="sm" onClick={() => setCollapsed(new Set())} disabled={collapsed.size === 0}>
              Expand all
            </Button>
            <Button
              variant="ghost"
              size="sm"
              onClick={() => setCollapsed(new Set(nested))}
              disabled={nested.every((p) => collapsed.has(p))}
            >
              Collapse all
            </Button>
          </>
        ) : null}
        <CopyButton value={prettyJson(value)} label="Copy JSON" showLabel className="ml-auto" />
      </div>
      <div className="overflow-x-auto rounded-md border border-border bg-surface-muted/60 p-3 font-mono text-xs leading-relaxed">
        <JsonNode value={value} path={ROOT_PATH} name={null} last collapsed={collapsed} onToggle={toggle} />
      </div>
    </section>
  );
}

type JsonNodeProps = {
  value: unknown;
  path: string;
  /** The key in the parent object; null for the root and for array items. */
  name: string | null;
  last: boolean;
  collapsed: ReadonlySet<string>;
  onToggle: (path: string) => void;
};

function JsonNode({ value, path, name, last, collapsed, onToggle }: JsonNodeProps) {
  const comma = last ? "" : ",";
  const keyLabel =
    name === null ? null : (
      <>
        <UserText value={JSON.stringify(name)} className="text-primary" />
        <span className="text-muted-foreground">: </span>
      </>
    );

  if (!isContainer(value)) {
    const kind = jsonKind(value);
    return (
      <div className="pl-5 break-all whitespace-pre-wrap">
        {keyLabel}
        <UserText value={formatLeaf(value)} className={cn(leafTone[kind])} />
        <span className="text-muted-foreground">{comma}</span>
      </div>
    );
  }

  const isArray = Array.isArray(value);
  const [open, close] = isArray ? ["[", "]"] : ["{", "}"];
  const entries = entriesOf(value);
  if (entries.length === 0) {
    return (
      <div className="pl-5">
        {keyLabel}
        <span className="text-muted-foreground">
          {open}
          {close}
          {comma}
        </span>
      </div>
    );
  }

  // The root cannot fold: a folded root would show nothing but "{ 3 keys }".
  const foldable = path !== ROOT_PATH;
  const isOpen = !foldable || !collapsed.has(path);
  const what = name === null ? (path === ROOT_PATH ? "payload" : `item ${path.split("/").pop()}`) : revealHidden(name);

  return (
    <div>
      <div className="flex items-start">
        {foldable ? (
          <button
            type="button"
            aria-expanded={isOpen}
            aria-label={`${isOpen ? "Collapse" : "Expand"} ${what} (${summarise(value)})`}
            onClick={() => onToggle(path)}
            className="mr-1 inline-flex size-4 shrink-0 items-center justify-center rounded-sm text-muted-foreground hover:bg-surface hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring"
          >
            {isOpen ? <ChevronDown aria-hidden="true" className="size-3.5" /> : <ChevronRight aria-hidden="true" className="size-3.5" />}
          </button>
        ) : (
          <span className="w-5 shrink-0" />
        )}
        <span>
          {keyLabel}
          <span className="text-muted-foreground">{open}</span>
          {isOpen ? null : (
            <>
              <span className="mx-1 rounded bg-surface px-1 text-muted-foreground">{summarise(value)}</span>
              <span className="text-muted-foreground">
                {close}
                {comma}
              </span>
            </>
          )}
        </span>
      </div>
      {isOpen ? (
        <>
          <div className="ml-2 border-l border-border pl-2">
            {entries.map(([key, child], index) => (
              <JsonNode
                key={key}
                value={child}
                path={childPath(path, key)}
                name={isArray ? null : key}
                last={index === entries.length - 1}
                collapsed={collapsed}
                onToggle={onToggle}
              />
            ))}
          </div>
          <div className="pl-5 text-muted-foreground">
            {close}
            {comma}
          </div>
        </>
      ) : null}
    </div>
  );
}
