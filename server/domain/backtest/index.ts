// What other areas may use of the policy backtest; they import it from here, never from its files.

export { BACKTEST_JOB } from "./backtest";
