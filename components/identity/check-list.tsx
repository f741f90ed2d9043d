import Link from "next/link";
import { checkExplanation, checkLabel, checkPurpose, screeningOfDatabaseCheck } from "@/lib/format/verification";
import type { Verification } from "@/lib/api/wire";
import { UserText } from "@/components/ui/user-text";
import { CheckStatusBadge } from "./verification-badges";
import { Card } from "@/components/ui/card";

/**
 * Every check of a verification with its status and the reason in plain words. The database check
 * links to the watchlist screening behind it, where a reviewer settles a possible match.
 */
export function CheckList({ verification }: { verification: Verification }) {
  const screeningId = screeningOfDatabaseCheck(verification);
  return (
    <Card as="section" aria-labelledby="checks">
      <h2 id="checks" className="p-5 pb-0 text-base font-semibold">
        Checks ({verification.checks.length})
      </h2>
      {verification.checks.length === 0 ? (
        <p className="p-5 text-sm text-muted-foreground">This verification has no checks.</p>
      ) : (
        <ul className="mt-3 divide-y divide-border">
          {verification.checks.map((check) => {
            const purpose = checkPurpose(check.name);
            const waitsOnReview = check.name === "database_check" && check.status === "pending" && screeningId;
            return (
              <li key={check.name} className="grid gap-1.5 px-5 py-4 sm:grid-cols-[12rem_1fr]">
                <div className="flex items-start gap-2 sm:flex-col">
                  <span className="font-medium">{checkLabel(check.name)}</span>
                  <CheckStatusBadge status={check.status} />
                </div>
                <div className="grid gap-1 text-sm">
                  <p className="break-words">
                    <UserText value={checkExplanation(check)} />
                  </p>
                  {purpose ? (
                    <p className="text-xs text-muted-foreground">Checks that: {purpose.charAt(0).toLowerCase() + purpose.slice(1)}</p>
                  ) : null}
                  {check.name === "database_check" && screeningId ? (
                    <p>
                      <Link
                        href={`/watchlist/${encodeURIComponent(screeningId)}`}
                        className="font-medium text-primary underline underline-offset-4"
                      >
                        {waitsOnReview ? "Review the possible match" : "Open the watchlist screening"}
                        <span className="sr-only"> {screeningId}</span>
                      </Link>
                      {waitsOnReview ? (
                        <span className="text-muted-foreground"> — this check completes when a reviewer decides.</span>
                      ) : null}
                    </p>
                  ) : null}
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </Card>
  );
}
