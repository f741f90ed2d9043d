"use client";

import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import { KeyRound } from "lucide-react";
import { useMemo, useState } from "react";
import { DataTable } from "@/components/ui/data-table/data-table";
import { EmptyState } from "@/components/ui/empty-state";
import { listApiKeysAction } from "@/lib/actions/list-api-keys";
import { useCursorPagination } from "@/lib/hooks/use-cursor-pagination";
import { safeErrorOf, unwrapAction } from "@/lib/queries/action-result";
import { queryKeys } from "@/lib/queries/query-keys";
import type { ApiKey, CreatedApiKey } from "@/lib/schemas/api-key";
import { environmentLabels, type ConsoleEnvironment } from "@/lib/schemas/environment";
import { apiKeyColumns } from "./api-key-columns";
import { CreateApiKeyDialog } from "./create-api-key-dialog";
import { CreatedKeyDialog } from "./created-key-dialog";

const NO_KEYS: ApiKey[] = [];

type ApiKeysViewProps = {
  environment: ConsoleEnvironment;
  consoleKeyLastFour: string | null;
};

/** The API keys of the active environment: a paginated table, create and revoke. */
export function ApiKeysView({ environment, consoleKeyLastFour }: ApiKeysViewProps) {
  const queryClient = useQueryClient();
  const pagination = useCursorPagination();
  const [created, setCreated] = useState<CreatedApiKey | null>(null);

  const query = useQuery({
    queryKey: queryKeys.apiKeys.page(environment, pagination.after),
    queryFn: async () => unwrapAction(await listApiKeysAction({ after: pagination.after })),
    placeholderData: keepPreviousData,
  });

  // Another tab switched the environment: these rows are not the environment this page shows.
  const mismatch = query.data !== undefined && query.data.environment !== environment;
  const rows = query.data && !mismatch ? query.data.data : NO_KEYS;

  const refresh = () => void queryClient.invalidateQueries({ queryKey: queryKeys.apiKeys.all(environment) });
  const columns = useMemo(
    () => apiKeyColumns({ environment, consoleKeyLastFour, onRevoked: () => void queryClient.invalidateQueries({ queryKey: queryKeys.apiKeys.all(environment) }) }),
    [environment, consoleKeyLastFour, queryClient],
  );

  function onCreated(key: CreatedApiKey) {
    setCreated(key);
    // The new key is the newest: show the first page, fetched afresh.
    pagination.first();
    refresh();
  }

  const complete = !pagination.canGoBack && query.data?.has_more === false;
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
        status={mismatch ? "error" : query.status}
        error={
          mismatch
            ? { message: `The console switched to ${environmentLabels[query.data!.environment]} in another tab. Reload this page.` }
            : query.error
              ? safeErrorOf(query.error)
              : null
        }
        isFetching={query.isFetching}
        onRetry={() => void query.refetch()}
        sorting={complete ? "client" : undefined}
        rowsKey={pagination.after}
        pagination={{
          page: pagination.page,
          canPrevious: pagination.canGoBack,
          canNext: query.data?.has_more === true && !query.isPlaceholderData,
          onPrevious: pagination.previous,
          onNext: () => pagination.next(query.data?.next_cursor),
        }}
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
