import { JobRunner } from "../jobs/runner";
import { jobHandlers } from "../job-handlers";
import type { TestApi } from "./harness";

// Request builders and a job pump shared by the identity test files.

export const address = { line1: "1 Market Street", city: "San Francisco", state: "CA", postal_code: "94105", country: "US" };

let seq = 0;
/** A distinct street address and phone per person: shared ones are identity reuse by design. */
export function uniqueAddress() {
  seq++;
  return { ...address, line1: `${100 + seq} ${["Market", "Mission", "Howard", "Folsom"][seq % 4]} Street` };
}
export function uniquePhone() {
  return `+1415${200 + (seq % 700)}${String(1000 + Math.floor(Math.random() * 8999))}`;
}

export function person(overrides: Record<string, unknown> = {}) {
  return {
    user_id: `usr_${Math.random().toString(36).slice(2, 10)}`,
    type: "individual",
    first_name: "Jane",
    last_name: "Carter",
    date_of_birth: "1990-04-12",
    address: uniqueAddress(),
    phone: uniquePhone(),
    email: "jane.carter@example.com",
    ...overrides,
  };
}

export function company(overrides: Record<string, unknown> = {}) {
  return {
    user_id: `biz_${Math.random().toString(36).slice(2, 10)}`,
    type: "business",
    legal_name: "Carter Bicycle Works LLC",
    registration_number: "12-3456789",
    country: "US",
    registered_address: uniqueAddress(),
    ...overrides,
  };
}

/** Runs every due job of the API's database (the test API runs no job runner of its own). */
export async function runJobs(api: TestApi): Promise<void> {
  const runner = new JobRunner(api.deps.database.db, api.deps.jobs, jobHandlers(api.deps), api.deps.logger);
  while ((await runner.tick()) > 0);
}
