"use client";

import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useMemo } from "react";
import { UsersRound } from "lucide-react";
import { DataTable } from "@/components/ui/data-table/data-table";
import { EmptyState } from "@/components/ui/empty-state";
import { listAnalystsAction } from "@/lib/actions/list-analysts";
import { safeErrorOf, unwrapAction } from "@/lib/queries/action-result";
import { queryKeys } from "@/lib/queries/query-keys";
import type { Analyst } from "@/lib/api/wire";
import { AddAnalystDialog } from "./lazy-dialogs";
import { analystColumns } from "./analyst-columns";

const NO_ANALYSTS: Analyst[] = [];

/** Everyone who may sign in to the account's console. The API returns them all in one list. */
export function AnalystsView({ selfId }: { selfId: string }) {
  const queryClient = useQueryClient();
  const columns = useMemo(
    () => analystColumns({ selfId, onChanged: () => void queryClient.invalidateQueries({ queryKey: queryKeys.analysts.all() }) }),
    [selfId, queryClient],
  );
  const query = useQuery({
    queryKey: queryKeys.analysts.all(),
    queryFn: async () => unwrapAction(await listAnalystsAction({})),
  });
  return (
    <>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-muted-foreground">
          {query.data ? `${query.data.data.length} ${query.data.data.length === 1 ? "analyst" : "analysts"}` : "Analysts"} of this account,
          in both environments.
        </p>
        <AddAnalystDialog onAdded={() => void queryClient.invalidateQueries({ queryKey: queryKeys.analysts.all() })} />
      </div>
      <DataTable
        caption="Analysts"
        columns={columns}
        data={query.data?.data ?? NO_ANALYSTS}
        getRowId={(analyst) => analyst.id}
        status={query.status}
        error={query.error ? safeErrorOf(query.error) : null}
        isFetching={query.isFetching}
        onRetry={() => void query.refetch()}
        sorting="client"
        empty={<EmptyState icon={<UsersRound />} title="No analysts yet" description="Add the people who review alerts and cases." />}
      />
    </>
  );
}
