"use client";

import { useCallback, useEffect, useRef, useState, type KeyboardEvent } from "react";
import { nextRowIndex, rowMoveForKey } from "./keyboard";
import { useHotkey } from "./use-hotkey";

type Options = {
  rowCount: number;
  /** Enter (or a click) on a row; without it rows are only highlighted. */
  onOpen?: (index: number) => void;
  /** Changes when the rows are replaced (another page): the highlight starts over. */
  resetKey?: unknown;
  /**
   * The rows' ids, in order: the highlight stays on its row when rows above it come or go (a
   * refresh of the same page); when its row leaves, the row taking its place is highlighted.
   */
  rowIds?: readonly string[];
};

/**
 * j / k (and the arrow keys once a row has focus) move through a table's rows, Enter opens the
 * highlighted one. The highlighted row takes the focus, so screen readers read it and the page
 * scrolls to it; it is also the table's single tab stop (roving tabindex).
 */
export function useRowKeyboardNav({ rowCount, onOpen, resetKey, rowIds }: Options) {
  const [active, setActiveIndex] = useState(-1);
  const [activeId, setActiveId] = useState<string | undefined>(undefined);
  const rows = useRef<(HTMLElement | null)[]>([]);
  const [lastReset, setLastReset] = useState(resetKey);
  const idsRef = useRef(rowIds);
  useEffect(() => {
    idsRef.current = rowIds;
  });

  const setActive = useCallback((index: number) => {
    setActiveIndex(index);
    setActiveId(index >= 0 ? idsRef.current?.[index] : undefined);
  }, []);

  // Adjusting state during render, React's pattern for it: a new page of rows drops the highlight;
  // the same page read again keeps it on its row, wherever that row now is.
  if (lastReset !== resetKey) {
    setLastReset(resetKey);
    setActiveIndex(-1);
    setActiveId(undefined);
  } else if (rowIds && activeId !== undefined && rowIds[active] !== activeId) {
    const moved = rowIds.indexOf(activeId);
    const index = moved !== -1 ? moved : Math.min(active, rowIds.length - 1);
    setActiveIndex(index);
    setActiveId(index >= 0 ? rowIds[index] : undefined);
  }

  const focusRow = useCallback(
    (index: number) => {
      setActive(index);
      rows.current[index]?.focus();
    },
    [setActive],
  );

  useHotkey(["j", "k"], (event) => {
    const move = rowMoveForKey(event.key);
    if (!move || rowCount === 0) return;
    event.preventDefault();
    focusRow(nextRowIndex(active, move, rowCount));
  });

  // Rows beyond the current count (a shorter page) must not keep stale element references.
  useEffect(() => {
    rows.current.length = rowCount;
  }, [rowCount]);

  const getRowProps = (index: number) => ({
    ref: (element: HTMLElement | null) => {
      rows.current[index] = element;
    },
    tabIndex: index === (active === -1 ? 0 : active) ? 0 : -1,
    "data-active": index === active ? "" : undefined,
    onFocus: () => setActive(index),
    onKeyDown: (event: KeyboardEvent<HTMLElement>) => {
      // Keys pressed inside a row's own controls (a button, a link) belong to them.
      if (event.target !== event.currentTarget) return;
      const move = rowMoveForKey(event.key);
      if (move && event.key !== "j" && event.key !== "k") {
        event.preventDefault();
        focusRow(nextRowIndex(index, move, rowCount));
      } else if (event.key === "Enter" && onOpen) {
        event.preventDefault();
        onOpen(index);
      }
    },
  });

  return { activeIndex: active, getRowProps };
}
