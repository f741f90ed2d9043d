"use client";

import { useEffect, useRef, type ComponentProps } from "react";
import { createDataTableColumns } from "@/components/ui/data-table/features";
import type { Case } from "@/lib/api/wire";
import { revealHidden } from "@/lib/format/invisible-characters";

const columns = createDataTableColumns<Case>();

function Checkbox({ indeterminate = false, ...props }: ComponentProps<"input"> & { indeterminate?: boolean }) {
  const ref = useRef<HTMLInputElement>(null);
  // `indeterminate` is a DOM property only (no attribute): set it after render.
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = indeterminate;
  }, [indeterminate]);
  return (
    <input
      ref={ref}
      type="checkbox"
      className="size-4 cursor-pointer accent-primary focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
      {...props}
    />
  );
}

/** The queue's first column: a checkbox per row and one for the whole page (TanStack row selection). */
export const caseSelectColumn = columns.display({
  id: "select",
  header: ({ table }) => (
    <Checkbox
      aria-label="Select every case on this page"
      checked={table.getIsAllPageRowsSelected()}
      indeterminate={table.getIsSomePageRowsSelected()}
      onChange={table.getToggleAllPageRowsSelectedHandler()}
    />
  ),
  cell: ({ row }) => (
    <Checkbox
      aria-label={`Select ${revealHidden(row.original.title)}`}
      checked={row.getIsSelected()}
      disabled={!row.getCanSelect()}
      onChange={row.getToggleSelectedHandler()}
    />
  ),
  meta: { cellClassName: "w-10" },
});
