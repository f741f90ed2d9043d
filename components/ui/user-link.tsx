import { IntentLink } from "./intent-link";
import { UserText } from "./user-text";
import { cn } from "@/lib/utils/cn";

/**
 * A user id as a link to the user's page (`/users/[id]`), shown as sent (hidden characters visible).
 * Prefetched on intent only: user ids fill long lists, and each prefetch is a server render.
 */
export function UserLink({ userId, className }: { userId: string; className?: string }) {
  return (
    <IntentLink
      href={`/users/${encodeURIComponent(userId)}`}
      className={cn("font-mono text-xs break-all text-primary underline-offset-4 hover:underline focus-visible:underline", className)}
    >
      <UserText value={userId} />
    </IntentLink>
  );
}
