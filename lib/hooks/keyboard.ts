// Pure helpers behind the console's keyboard shortcuts (tested without a DOM).

/** Whether a key press belongs to what has focus (typing, a menu) rather than to a shortcut. */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!target || typeof (target as HTMLElement).tagName !== "string") return false;
  const element = target as HTMLElement;
  const tag = element.tagName.toLowerCase();
  if (tag === "input" || tag === "textarea" || tag === "select") return true;
  if (element.isContentEditable) return true;
  // Radix menus and listboxes handle their own letters (type-ahead).
  const role = element.getAttribute?.("role");
  return role === "menuitem" || role === "option" || role === "combobox" || role === "textbox";
}

/** A shortcut never fires with Ctrl, Alt or Meta held: those belong to the browser and the OS. */
export function hasCommandModifier(event: { ctrlKey: boolean; altKey: boolean; metaKey: boolean }): boolean {
  return event.ctrlKey || event.altKey || event.metaKey;
}

export type RowMove = "next" | "previous" | "first" | "last";

export function rowMoveForKey(key: string): RowMove | undefined {
  switch (key) {
    case "j":
    case "ArrowDown":
      return "next";
    case "k":
    case "ArrowUp":
      return "previous";
    case "Home":
      return "first";
    case "End":
      return "last";
    default:
      return undefined;
  }
}

/**
 * The row to highlight after a move, given the current one (-1 = none yet) and the row count.
 * Stops at the ends rather than wrapping: wrapping from the last row to the first is easy to
 * miss when the table scrolls, and then the analyst acts on the wrong row.
 */
export function nextRowIndex(current: number, move: RowMove, count: number): number {
  if (count <= 0) return -1;
  const from = Math.min(Math.max(current, -1), count - 1);
  switch (move) {
    case "next":
      return Math.min(from + 1, count - 1);
    case "previous":
      return from <= 0 ? 0 : from - 1;
    case "first":
      return 0;
    case "last":
      return count - 1;
  }
}
