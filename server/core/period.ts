import { ApiError } from "./errors";

/**
 * The longest period a backtest replays or an audit-log export reads: a year, leap day included
 * (a year of a busy account is the most one request should read).
 */
export const MAX_PERIOD_DAYS = 366;

/** start ≤ end and at most MAX_PERIOD_DAYS apart; else 400 naming `end_time` (and the limit). */
export function assertPeriod(start: Date, end: Date): void {
  if (end < start) throw new ApiError("invalid_field_value", "end_time must not be before start_time.", "end_time");
  if (end.getTime() - start.getTime() > MAX_PERIOD_DAYS * 86_400_000) {
    throw new ApiError(
      "invalid_field_value",
      `end_time must not be more than ${MAX_PERIOD_DAYS} days after start_time (the longest period is one year).`,
      "end_time",
    );
  }
}
