"use client";

import { RotateCcw } from "lucide-react";
import { useEffect } from "react";
import { Button } from "./button";
import { ErrorState } from "./error-state";
import { Card } from "./card";

type RouteErrorProps = {
  error: unknown;
  retry: () => void;
  /** What failed, e.g. "The API keys could not be loaded". */
  title?: string;
};

/**
 * The body of an error.tsx boundary: an unexpected failure while rendering a page. Next.js
 * replaces a server error's message with a generic one in production and gives a digest that
 * matches the server's log line; that digest is what an operator needs, so it is shown.
 */
export function RouteError({ error, retry, title = "This page could not be shown" }: RouteErrorProps) {
  const digest = error instanceof Error && "digest" in error && typeof error.digest === "string" ? error.digest : undefined;
  useEffect(() => {
    console.error(error);
  }, [error]);
  return (
    <Card>
      <ErrorState
        title={title}
        error={{
          message: `Something went wrong on the console's side.${digest ? ` Error reference: ${digest}.` : ""} Try again; if it keeps failing, give the reference to whoever runs the console.`,
        }}
        action={
          <Button variant="secondary" onClick={() => retry()}>
            <RotateCcw aria-hidden="true" />
            Try again
          </Button>
        }
      />
    </Card>
  );
}
