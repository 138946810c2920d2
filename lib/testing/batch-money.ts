// The batch tests' engine run and their money-and-slots invariant (app/api/batches.test.ts, gateway-batches.test.ts).
import { expect } from "vitest";
import type { EmulatorClient } from "@/emulator/testing";
import { database } from "@/lib/db";
import { dispatchOnce } from "@/lib/tasks/engine/dispatch";
import { countCalls, testEngine } from "./engine";
import { PAST_CHARGE_TASKS } from "./past-charge";

/** An emulator account's credits at its start. */
export const ACCOUNT_CREDITS = 100_000;

/** Sends everything waiting, as the loop would; answers the engine and its upstream calls. */
export async function sendAll(emulator: EmulatorClient, apiKey: string) {
  const t = await testEngine(emulator, apiKey);
  const calls = countCalls(t.engine);
  while ((await dispatchOnce(t.engine)) > 0);
  return { t, calls };
}

/** Money and slots: the emulator charged exactly what the tasks record; every sent row has its one task, none twice. */
export async function expectMoneyAndSlots(emulator: EmulatorClient, apiKey: string) {
  const db = database().db;
  const tasks = await db.selectFrom("tasks").selectAll().where("id", "not in", PAST_CHARGE_TASKS).execute();
  const charged = tasks.reduce((sum, t) => sum + Number(t.credits_reserved ?? 0) - Number(t.credits_refunded ?? 0), 0);
  expect(ACCOUNT_CREDITS - (await emulator.credits(apiKey))).toBe(charged);
  const accepted = await db.selectFrom("submissions").selectAll().where("state", "=", "accepted").execute();
  for (const s of accepted) expect(tasks.filter((t) => t.submission_id === s.id)).toHaveLength(1);
  expect(new Set(tasks.map((t) => t.submission_id)).size).toBe(tasks.length);
}
