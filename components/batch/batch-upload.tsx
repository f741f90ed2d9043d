"use client";

import { FileSpreadsheet, Upload } from "lucide-react";
import { useId, useRef, useState, type DragEvent } from "react";
import { cn } from "@/lib/utils/cn";
import { MAX_BATCH_ROWS } from "@/lib/schemas/batch-limits";

/** Files beyond this are refused before reading: 1,000 rows of every column fit in far less. */
export const MAX_BATCH_FILE_BYTES = 2 * 1024 * 1024;

type BatchUploadProps = {
  onFile: (file: File) => void;
  disabled?: boolean;
};

/**
 * Choose a CSV file with the file picker (a real <input type="file">, reachable by keyboard) or
 * drop it on the zone.
 */
export function BatchUpload({ onFile, disabled = false }: BatchUploadProps) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);

  function drop(event: DragEvent<HTMLElement>) {
    event.preventDefault();
    setDragging(false);
    if (disabled) return;
    const file = event.dataTransfer.files[0];
    if (file) onFile(file);
  }

  return (
    <div
      onDragOver={(event) => {
        event.preventDefault();
        if (!disabled) setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={drop}
      className={cn(
        "flex flex-col items-center justify-center gap-3 rounded-xl border-2 border-dashed border-border-strong bg-surface px-6 py-10 text-center transition-colors",
        "focus-within:border-ring",
        dragging && "border-primary bg-accent/40",
        disabled && "opacity-60",
      )}
    >
      <span
        aria-hidden="true"
        className="inline-flex size-11 items-center justify-center rounded-full bg-surface-muted text-muted-foreground"
      >
        {dragging ? <Upload className="size-5" /> : <FileSpreadsheet className="size-5" />}
      </span>
      <p className="text-base font-semibold">Drop a CSV file here</p>
      <p className="text-sm text-muted-foreground">or</p>
      {/* The input comes first so its focus can style the label (Tailwind `peer`). */}
      <input
        ref={input}
        id={id}
        type="file"
        accept=".csv,text/csv"
        disabled={disabled}
        className="peer sr-only"
        aria-describedby={`${id}-hint`}
        onChange={(event) => {
          const file = event.target.files?.[0];
          if (file) onFile(file);
          // The same file chosen again (after fixing it) must fire a change again.
          if (input.current) input.current.value = "";
        }}
      />
      <label
        htmlFor={id}
        className={cn(
          "inline-flex h-10 cursor-pointer items-center gap-2 rounded-md bg-primary px-4 text-sm font-medium text-primary-foreground shadow-sm hover:bg-primary-hover",
          "peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-ring",
          disabled && "pointer-events-none",
        )}
      >
        Choose a file
      </label>
      <p id={`${id}-hint`} className="text-xs text-muted-foreground">
        CSV, UTF-8, up to {MAX_BATCH_ROWS.toLocaleString("en-GB")} rows. Read in your browser: nothing is sent until you start scoring.
      </p>
    </div>
  );
}
