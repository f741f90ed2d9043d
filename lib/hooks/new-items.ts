// The arithmetic of a queue's "N new" notice, apart from React so it can be tested alone.

/** What one check of a queue answered: ids created since the queue was read, newest first. */
export type NewItemsCheck = { ids: readonly string[]; has_more: boolean; environment: string };

export type NewItemsCount = {
  /** Arrivals not on screen. */
  count: number;
  /** More arrived than one check reads: `count` is a lower bound. */
  more: boolean;
};

export const NO_NEW_ITEMS: NewItemsCount = { count: 0, more: false };

/**
 * New items are those the check found that the analyst does not already see: a row created
 * between the moment the page was read and the read itself can be on screen and is not new.
 * An answer about another environment (switched in another tab) counts nothing.
 */
export function countNewItems(check: NewItemsCheck | undefined, shownIds: ReadonlySet<string>, environment: string): NewItemsCount {
  if (!check || check.environment !== environment) return NO_NEW_ITEMS;
  const count = check.ids.filter((id) => !shownIds.has(id)).length;
  return { count, more: check.has_more };
}

/** "3 new", "100+ new". */
export function newItemsLabel({ count, more }: NewItemsCount): string {
  return `${count}${more ? "+" : ""} new`;
}
