// A server killed with SIGKILL between storing and sending, and between sending and receiving: after a
// restart there is exactly one upstream task for the submission, charged once, sent with the Idempotency-Key
// stored before the crash, and it completes. The server that dies is a real process (bench/crash-child.ts) on
// the same database and emulator account; the restarted server is a fresh engine in this process.
import { randomUUID } from "node:crypto";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { database } from "@/lib/db";
import { getSubmission } from "@/lib/db/submissions";
import { getResults } from "@/lib/db/tasks";
import { emulatorForFile, FAST_TIMINGS, sleep, type EmulatorClient } from "@/emulator/testing";
import { migrated } from "@/lib/testing/app";
import type { UpstreamOutcome } from "@/lib/upstream/outcome";
import type { Task } from "@/lib/upstream/schemas";
import { dispatchOnce } from "./dispatch";
import { testEngine, type TestEngine } from "@/lib/testing/engine";
import { children, spawnChild, type Child } from "@/lib/testing/child-process";

const emulator = emulatorForFile({ timings: FAST_TIMINGS });
const CREDITS = 100_000;
const GAMMA_COST = 44;
/** dispatch.ts's SEND_LEASE_MS (30 s, renewed only while its sender lives), and a little more. */
const PAST_SEND_LEASE_SECONDS = 35;
/** How long the emulator holds the creation the child is killed during (from when it arrives there). */
const HOLD_MS = 5_000;

function startChild(emu: EmulatorClient, apiKey: string, mode: "store-then-die" | "die-in-flight", submissionId: string): Child {
  return spawnChild("bench/crash-child.ts", [emu.url, apiKey, mode, submissionId]);
}

/** What the restarted server sends: each creation's Idempotency-Key and the upstream's answer. */
function recordCreations(t: TestEngine) {
  const sent: { key: string | undefined; outcome: UpstreamOutcome<Task> }[] = [];
  const client = t.engine.client;
  t.engine.client = {
    ...client,
    async createImage(body, key) {
      const outcome = await client.createImage(body, key);
      sent.push({ key, outcome });
      return outcome;
    },
  };
  return sent;
}

/** Waits for `check`; the time limit is a hang detector, generous for a busy machine. */
async function until(what: string, check: () => Promise<boolean>, timeoutMs = 30_000): Promise<void> {
  const give = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > give) throw new Error(`timed out waiting for ${what}`);
    await sleep(25);
  }
}

/** After the restart: one task for the submission, charged once, and it completes and is archived. */
async function expectOneCompletedTask(emu: EmulatorClient, apiKey: string, t: TestEngine, submissionId: string, key: string) {
  const accepted = await getSubmission(database().db, { id: submissionId });
  expect(accepted).toMatchObject({ state: "accepted", idempotency_key: key });
  const taskId = accepted!.task_id!;
  expect(taskId).toMatch(/^task_/);
  const tasks = await database().db.selectFrom("tasks").select(["id"]).where("submission_id", "=", submissionId).execute();
  expect(tasks).toEqual([{ id: taskId }]);
  expect(await emu.credits(apiKey)).toBe(CREDITS - GAMMA_COST);

  const done = await t.pollUntil(taskId, (task) => task.archive_state === "done");
  expect(done).toMatchObject({ status: "succeeded", archive_state: "done", credits_used: GAMMA_COST });
  expect(await getResults(database().db, { taskId })).toHaveLength(1);
  expect(await emu.credits(apiKey)).toBe(CREDITS - GAMMA_COST);
  // Nothing more to send, and still one task.
  await t.advance(PAST_SEND_LEASE_SECONDS);
  expect(await dispatchOnce(t.engine)).toBe(0);
  expect(await database().db.selectFrom("tasks").select(["id"]).where("submission_id", "=", submissionId).execute()).toHaveLength(1);
}

describe("crash recovery (SIGKILL)", () => {
  beforeAll(migrated);

  afterEach(async () => {
    for (const child of children) child.kill("SIGKILL");
    await emulator().control("DELETE", "/faults");
  });

  it("resumes a submission stored just before the server died, with the stored key, creating one task", async () => {
    const emu = emulator();
    const { apiKey } = await emu.account();
    const id = randomUUID();

    const child = startChild(emu, apiKey, "store-then-die", id);
    await child.line("stored");
    const ended = await child.exited;
    expect(ended.signal, ended.stderr).toBe("SIGKILL");
    expect(ended.stdout).not.toMatch(/^request/m); // it died before any dispatch

    const stored = await getSubmission(database().db, { id });
    expect(stored).toMatchObject({ state: "queued", attempts: 0, task_id: null });
    const key = stored!.idempotency_key;
    expect(key).toMatch(/^darkroom-/);
    expect(await emu.credits(apiKey)).toBe(CREDITS); // nothing reached the upstream

    // The restarted server.
    const t = await testEngine(emu, apiKey);
    const sent = recordCreations(t);
    expect(await dispatchOnce(t.engine)).toBe(1);
    expect(sent.map((s) => s.key)).toEqual([key]);
    expect(sent[0]?.outcome).toMatchObject({ ok: true, status: 202, replayed: false });
    await expectOneCompletedTask(emu, apiKey, t, id, key);
  });

  // Killed while the emulator holds the creation. The emulator drops a request whose client went away
  // before it read the body, so the upstream may never have seen it; a real one might have. Either way:
  // one task, one charge, the stored key.
  it("resumes a submission whose request was in flight when the server died (SIGKILL during the request)", async () => {
    const { emu, apiKey, id, child, key } = await inFlight();
    child.process.kill("SIGKILL");
    await expectKilled(child);
    const requestAt = Date.now();
    expect(await getSubmission(database().db, { id })).toMatchObject({ state: "sending", task_id: null, idempotency_key: key });
    await sleep(Math.max(0, requestAt + HOLD_MS + 300 - Date.now())); // the emulator is most likely done with it

    const t = await restartedBeforeLease(emu, apiKey, id, key);
    await t.advance(PAST_SEND_LEASE_SECONDS);
    expect(await dispatchOnce(t.engine)).toBe(1);
    expect(t.sent.map((s) => s.key)).toEqual([key]);
    // A replay (200) if the emulator took the first request, a creation (202) if it dropped it; on a busy
    // machine it may take it only after the resend, as a replay of it. One task and one charge every way.
    expect(t.sent[0]?.outcome).toMatchObject({ ok: true });
    expect([200, 202]).toContain(t.sent[0]?.outcome.status);
    await expectOneCompletedTask(emu, apiKey, t, id, key);
  });

  // Frozen (SIGSTOP) with the request sent, until the upstream has created and charged the task, then
  // killed: the answer was never received. The resend must be a replay of that task, not a second one.
  it("resumes a submission the upstream accepted but whose answer the dead server never read: the resend is a replay", async () => {
    const { emu, apiKey, id, child, key } = await inFlight();
    child.process.kill("SIGSTOP");
    await until(
      "the emulator to charge the in-flight creation",
      async () => (await emu.credits(apiKey)) === CREDITS - GAMMA_COST,
      HOLD_MS + 30_000,
    );
    child.process.kill("SIGKILL");
    await expectKilled(child);
    expect(await getSubmission(database().db, { id })).toMatchObject({ state: "sending", task_id: null, idempotency_key: key });

    const t = await restartedBeforeLease(emu, apiKey, id, key);
    await t.advance(PAST_SEND_LEASE_SECONDS);
    expect(await dispatchOnce(t.engine)).toBe(1);
    expect(t.sent.map((s) => s.key)).toEqual([key]);
    expect(t.sent[0]?.outcome).toMatchObject({ ok: true, status: 200, replayed: true });
    await expectOneCompletedTask(emu, apiKey, t, id, key);
  });
});

/** A child that stored a submission and is sending it, the emulator holding the request. */
async function inFlight() {
  const emu = emulator();
  const { apiKey } = await emu.account();
  const id = randomUUID();
  await emu.faults([{ method: "POST", path: "/v1/images", kind: "delay", delayMs: HOLD_MS }]);
  const child = startChild(emu, apiKey, "die-in-flight", id);
  await child.line("sending");
  const request = await child.line("request");
  // The creation has reached the emulator, which holds it, once its delay rule is used up. (This waited
  // 200 ms: on a busy machine the child had not sent it yet, was frozen first, and nothing was ever charged.)
  await until("the emulator to hold the creation", async () => (await emu.faultsLeft()) === 0);
  const stored = await getSubmission(database().db, { id });
  expect(stored).toMatchObject({ state: "sending", task_id: null });
  const key = stored!.idempotency_key;
  expect(request).toBe(`request ${key}`);
  return { emu, apiKey, id, child, key };
}

async function expectKilled(child: Child) {
  const ended = await child.exited;
  expect(ended.signal, ended.stderr).toBe("SIGKILL");
  expect(ended.stdout).not.toMatch(/^sent/m);
}

/** The restarted server leaves the submission alone while the dead sender's lease runs. */
async function restartedBeforeLease(emu: EmulatorClient, apiKey: string, id: string, key: string) {
  const t = await testEngine(emu, apiKey);
  const sent = recordCreations(t);
  expect(await dispatchOnce(t.engine)).toBe(0);
  expect(sent).toEqual([]);
  expect(await getSubmission(database().db, { id })).toMatchObject({ state: "sending", idempotency_key: key });
  return Object.assign(t, { sent });
}
