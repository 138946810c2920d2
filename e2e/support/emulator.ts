import { expect, type APIRequestContext } from "@playwright/test";
import { waitUntilQuiet } from "./tasks";

// The embedded emulator of playwright.config.ts (E2E_EMULATOR_PORT, default 4110) and its demo account, which
// Darkroom uses when no upstream is configured. Its control API is loopback-only and sets the balance.
const EMULATOR = `http://127.0.0.1:${process.env.E2E_EMULATOR_PORT ?? "4110"}/__emulator`;
const ACCOUNT = `${EMULATOR}/accounts/sk-emulator-demo`;

/** Runs `work` with the API account's credits set to `credits`, then puts the balance back. */
export async function withCredits(request: APIRequestContext, credits: number, work: () => Promise<void>): Promise<void> {
  const account = (await (await request.get(ACCOUNT)).json()) as { credits: number };
  expect((await request.patch(ACCOUNT, { data: { credits } })).ok()).toBe(true);
  try {
    await work();
  } finally {
    await request.patch(ACCOUNT, { data: { credits: account.credits } });
  }
}

/** Runs `work` while the emulator answers matching requests with an injected fault (docs/emulator.md, Control API: faults; `times` defaults to 1). */
export async function withUpstreamFault(
  request: APIRequestContext,
  rule: Record<string, unknown>,
  work: () => Promise<void>,
): Promise<void> {
  // A fault on creations is met by the next one sent: nothing an earlier spec left waiting may be it (a spec in
  // the same lane could have its refusal taken by another submission, and wait for a code that never comes).
  if (rule.method === "POST") await waitUntilQuiet(request, { live: false });
  expect((await request.post(`${EMULATOR}/faults`, { data: { rules: [rule] } })).ok()).toBe(true);
  try {
    await work();
  } finally {
    await request.delete(`${EMULATOR}/faults`);
  }
}

/**
 * Runs `work` while every task status read answers 503, so a live task cannot be seen to end meanwhile: a page
 * read inside shows it live however slow the server is.
 */
export async function whileStatusReadsFail(request: APIRequestContext, work: () => Promise<void>): Promise<void> {
  await withUpstreamFault(request, { method: "GET", path: "/v1/tasks/", kind: "status", status: 503, times: 10_000 }, work);
}

/** Moves the emulator's clock forward (it never goes back, so later tests live in its future too). */
export async function advanceUpstreamClock(request: APIRequestContext, seconds: number): Promise<void> {
  expect((await request.post(`${EMULATOR}/clock`, { data: { advanceSeconds: seconds } })).ok()).toBe(true);
}

/** Disables or enables the demo API account (a disabled account answers 403 to every request). */
export async function setUpstreamAccountDisabled(request: APIRequestContext, disabled: boolean): Promise<void> {
  expect((await request.patch(ACCOUNT, { data: { disabled } })).ok()).toBe(true);
}
