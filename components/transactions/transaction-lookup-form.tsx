"use client";

import { ArrowRight } from "lucide-react";
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { TRANSACTION_ID_MESSAGE, transactionIdOf } from "@/lib/schemas/transaction";
import { cardClasses } from "@/components/ui/card";
import { cn } from "@/lib/utils/cn";

/** Opens a transaction by its id (`txn_…`), as pasted from a ticket, a webhook or a log line. */
export function TransactionLookupForm() {
  const router = useRouter();
  const [value, setValue] = useState("");
  const [error, setError] = useState<string | undefined>();

  function submit(event: FormEvent) {
    event.preventDefault();
    const id = transactionIdOf(value);
    if (!id) {
      setError(TRANSACTION_ID_MESSAGE);
      return;
    }
    setError(undefined);
    router.push(`/transactions/${encodeURIComponent(id)}`);
  }

  return (
    <form onSubmit={submit} noValidate aria-labelledby="txn-lookup" className={cn(cardClasses, "grid gap-3 p-5")}>
      <div>
        <h2 id="txn-lookup" className="text-base font-semibold">
          Open a transaction
        </h2>
        <p className="mt-1 text-sm text-muted-foreground">
          Paste the txn_… id from a score response, a webhook, an alert or a support ticket.
        </p>
      </div>
      <div className="flex flex-wrap items-start gap-3">
        <Field label="Transaction id" error={error} className="min-w-64 flex-1">
          <Input
            value={value}
            onChange={(e) => {
              setValue(e.target.value);
              setError(undefined);
            }}
            placeholder="txn_01jd2x3y4z5a6b7c8d9e0f1g2h"
            spellCheck={false}
            autoComplete="off"
            className="font-mono"
          />
        </Field>
        <Button type="submit" className="mt-[1.625rem]">
          Open
          <ArrowRight aria-hidden="true" />
        </Button>
      </div>
    </form>
  );
}
