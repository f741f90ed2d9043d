"use client";

import { CheckCheck, FolderPlus } from "lucide-react";
import type { ReactNode } from "react";
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from "@/components/ui/dropdown-menu";

/** A cluster's "Decide all" menu; loaded on the first click of its trigger (alert-clusters.tsx). */
export function ClusterMenu({
  trigger,
  defaultOpen = false,
  onResolve,
  onOpenCase,
}: {
  trigger: ReactNode;
  defaultOpen?: boolean;
  onResolve: () => void;
  onOpenCase: () => void;
}) {
  return (
    <DropdownMenu defaultOpen={defaultOpen}>
      <DropdownMenuTrigger asChild>{trigger}</DropdownMenuTrigger>
      <DropdownMenuContent>
        <DropdownMenuItem onSelect={onResolve}>
          <CheckCheck aria-hidden="true" />
          Resolve all…
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={onOpenCase}>
          <FolderPlus aria-hidden="true" />
          Open one case for all
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
