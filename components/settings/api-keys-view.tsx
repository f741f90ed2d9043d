"use client";

import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import { KeyRound } from "lucide-react";
import { useMemo, useState } from "react";
import { DataTable } from "@/components/ui/data-table/data-table";
import { EmptyState } from "@/components/ui/empty-state";
import { listApiKeysAction } from "@/lib/actions/list-api-keys";
import { useCursorQueue } from "@/lib/hooks/use-cursor-queue";
import { unwrapAction } from "@/lib/queries/action-result";
import { environmentListState } from "@/lib/queries/environment-list";
import { queryKeys } from "@/lib/queries/query-keys";
import type { ApiKey, CreatedApiKey } from "@/lib/api/wire";
import { environmentLabels, type ConsoleEnvironment } from "@/lib/schemas/environment";
import { apiKeyColumns } from "./api-key-columns";
import { CreateApiKeyDialog } from "./lazy-dialogs";
import { CreatedKeyDialog } from "./created-key-dialog";

const NO_KEYS: ApiKey[] = [];

type ApiKeysViewProps = {
  environment: ConsoleEnvironment;
  consoleKeyLastFour: string | null;
};

/** The API keys of the active environment: a paginated table, create and revoke. */
export function ApiKeysView({ environment, consoleKeyLastFour }: ApiKeysViewProps) {
  const queryClient = useQueryClient();
  // The view fetches its pages itself (React Query): cursor changes in the URL are shallow.
  const cursor = useCursorQueue({ shallow: true });
  const [created, setCreated] = useState<CreatedApiKey | null>(null);

  const query = useQuery({
    queryKey: queryKeys.apiKeys.page(environment, cursor.after),
    queryFn: async () => unwrapAction(await listApiKeysAction({ after: cursor.after })),
    placeholderData: keepPreviousData,
  });

  const { rows, table } = environmentListState(query, environment, NO_KEYS);

  const refresh = () => void queryClient.invalidateQueries({ queryKey: queryKeys.apiKeys.all(environment) });
  const columns = useMemo(
    () =>
      apiKeyColumns({
        environment,
        consoleKeyLastFour,
        onRevoked: () => void queryClient.invalidateQueries({ queryKey: queryKeys.apiKeys.all(environment) }),
      }),
    [environment, consoleKeyLastFour, queryClient],
  );

  function onCreated(key: CreatedApiKey) {
    setCreated(key);
    // The new key is the newest: show the first page, fetched afresh.
    cursor.first();
    refresh();
  }

  const complete = cursor.stack.length === 0 && query.data?.has_more === false;
  return (
    <>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-muted-foreground">
          Keys of <strong className="font-medium text-foreground">{environmentLabels[environment]}</strong>, newest first.
        </p>
        <CreateApiKeyDialog environment={environment} onCreated={onCreated} />
      </div>
      <DataTable
        caption={`API keys of ${environmentLabels[environment]}`}
        columns={columns}
        data={rows}
        getRowId={(key) => key.id}
        {...table}
        sorting={complete ? "client" : undefined}
        rowsKey={cursor.after}
        pagination={cursor.pagination(query.data, { busy: query.isPlaceholderData })}
        empty={
          <EmptyState
            icon={<KeyRound />}
            title={`No API keys in ${environmentLabels[environment]} yet`}
            description="Create a key for each service that calls the Argus API. Each key works in this environment only."
          />
        }
      />
      <CreatedKeyDialog created={created} onDone={() => setCreated(null)} />
    </>
  );
}
