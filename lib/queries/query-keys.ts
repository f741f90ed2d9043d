import type { ConsoleEnvironment } from "../schemas/environment";
import type { TransactionListQuery } from "./transaction-list";

// Query keys, in one place so invalidation after a mutation matches what the views read. Every
// environment-scoped key starts with the environment: switching never shows the other's data.
export const queryKeys = {
  apiKeys: {
    all: (environment: ConsoleEnvironment) => ["api-keys", environment] as const,
    page: (environment: ConsoleEnvironment, after: string | undefined) => ["api-keys", environment, { after: after ?? null }] as const,
  },
  webhooks: {
    all: (environment: ConsoleEnvironment) => ["webhooks", environment] as const,
    page: (environment: ConsoleEnvironment, after: string | undefined) =>
      ["webhooks", environment, "list", { after: after ?? null }] as const,
    deliveries: (environment: ConsoleEnvironment, id: string, after: string | undefined, eventId: string | undefined) =>
      ["webhooks", environment, "deliveries", id, { after: after ?? null, eventId: eventId ?? null }] as const,
  },
  // The transactions list (and Needs review queue) a view reads after its server render, per render.
  transactions: {
    list: (environment: ConsoleEnvironment, renderedAt: string, query: TransactionListQuery) =>
      ["transactions", environment, "list", renderedAt, { show: query.show, userId: query.userId, after: query.after ?? null }] as const,
  },
  // What arrived in a queue since its page was read (the "N new" notice), per URL and read.
  newItems: (environment: ConsoleEnvironment, queue: string, search: string, listedAt: string) =>
    ["new-items", environment, queue, { search, listedAt }] as const,
  // Analysts are per account, the same in both environments.
  analysts: {
    all: () => ["analysts"] as const,
  },
};
