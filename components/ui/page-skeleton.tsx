import { Skeleton } from "./skeleton";
import { Card } from "./card";

/** A loading.tsx body: the page's title area and a block shaped like its content. */
export function PageSkeleton({ label, variant = "table" }: { label: string; variant?: "table" | "cards" }) {
  return (
    <div role="status" aria-live="polite">
      <span className="sr-only">{label}</span>
      <Skeleton className="h-8 w-64" />
      <Skeleton className="mt-3 h-4 w-full max-w-xl" />
      {variant === "table" ? (
        <Card className="mt-8 overflow-hidden">
          <Skeleton className="h-10 rounded-none" />
          {Array.from({ length: 6 }, (_, i) => (
            <div key={i} className="flex gap-6 border-t border-border px-4 py-4">
              <Skeleton className="h-4 w-40" />
              <Skeleton className="h-4 w-28" />
              <Skeleton className="h-4 flex-1" />
              <Skeleton className="h-4 w-24" />
            </div>
          ))}
        </Card>
      ) : (
        <div className="mt-8 grid gap-6 lg:grid-cols-2">
          <Skeleton className="h-40 rounded-xl" />
          <Skeleton className="h-40 rounded-xl" />
        </div>
      )}
    </div>
  );
}
