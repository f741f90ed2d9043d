import Link from "next/link";
import { UserText } from "./user-text";
import { cn } from "@/lib/utils/cn";

/**
 * A user id as a link to the user's page (`/users/[id]`), shown as sent (hidden characters visible).
 * `prefetch={false}` in long lists: each prefetch is a server render of the user's page layout.
 */
export function UserLink({ userId, className, prefetch }: { userId: string; className?: string; prefetch?: boolean }) {
  return (
    <Link
      href={`/users/${encodeURIComponent(userId)}`}
      prefetch={prefetch}
      className={cn("font-mono text-xs break-all text-primary underline-offset-4 hover:underline focus-visible:underline", className)}
    >
      <UserText value={userId} />
    </Link>
  );
}
