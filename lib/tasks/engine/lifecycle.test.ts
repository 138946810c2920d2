import { randomBytes } from "node:crypto";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { database } from "@/lib/db";
import { getSubmission } from "@/lib/db/submissions";
import { countLive, getResults, getTaskRow, insertTask } from "@/lib/db/tasks";
import { BODIES, DAY_SECONDS, emulatorForFile, FAST_TIMINGS } from "@/emulator/testing";
import { migrated } from "@/lib/testing/app";
import { dispatchOnce } from "./dispatch";
import { DEADLINE_MS } from "./context";
import { pollOnce } from "./poll";
import { retentionLookAt } from "./retention-look";
import { upstreamSkewMs } from "@/lib/upstream/clock";
import { clearEngineTables, countCalls, testEngine, type TestEngine } from "@/lib/testing/engine";

// Refunds settle 30 s after a failure, so the first poll (5 s after creation) still sees refund_pending.
const emulator = emulatorForFile({ timings: { ...FAST_TIMINGS, refundSeconds: 30 } });
// The engine times a next poll a little over 5 s (60 s) after the last: a step of 6 s (61 s) makes it due.
const START = 100_000;
const row = async (id: string) => (await getTaskRow(database().db, { id }))!;
const at = (iso: string | null) => (iso === null ? null : Date.parse(iso));

async function started(prompt?: string): Promise<{ t: TestEngine; apiKey: string; taskId: string }> {
  const emu = emulator();
  const { apiKey } = await emu.account();
  const t = await testEngine(emu, apiKey);
  const [id] = await t.submit(BODIES.gamma(prompt));
  expect(await dispatchOnce(t.engine)).toBe(1);
  return { t, apiKey, taskId: (await getSubmission(database().db, { id: id! }))!.task_id! };
}

describe("task lifecycle", () => {
  beforeAll(migrated);
  beforeEach(clearEngineTables);

  it("[[fail]]: follows the pending refund at the 5 s floor, records it within a poll of settling, and the credits come back", async () => {
    const { t, apiKey, taskId } = await started("a cat [[fail]]");
    const calls = countCalls(t.engine);
    expect(await emulator().credits(apiKey)).toBe(START - 44);

    await t.advance(6);
    expect(await pollOnce(t.engine)).toBe(1);
    const pending = await row(taskId);
    expect(pending).toMatchObject({ status: "failed", error_code: "refund_pending", credits_refunded: null });
    // Followed up like a live task: a little over 5 s after the answer came, not a minute (counted from the
    // answer, not from now, which a busy machine puts further on).
    const wait = at(pending.next_poll_at)! - calls.at(-1)!.answeredAt;
    expect(wait).toBeGreaterThanOrEqual(5_000);
    expect(wait).toBeLessThan(10_000);
    // The emulator settles the refund 30 s after the failure (about 30.5 s after creation).
    for (let i = 0; i < 10 && (await row(taskId)).credits_refunded === null; i += 1) {
      await t.advance(6);
      await pollOnce(t.engine);
    }
    expect(await row(taskId)).toMatchObject({
      status: "failed",
      error_code: "generation_failed",
      credits_reserved: 44,
      credits_refunded: 44,
      next_poll_at: null,
    });
    // Seen at the first poll after it settled (6 s steps, the settling ~30.5 s in: the sixth poll at the
    // latest, counted in polls since real time moves both clocks on too), never two polls within 5 s.
    expect(calls.length).toBeLessThanOrEqual(6);
    for (let i = 1; i < calls.length; i += 1) expect(calls[i]!.at - calls[i - 1]!.at).toBeGreaterThanOrEqual(5_000);
    expect(await emulator().credits(apiKey)).toBe(START);
    await t.advance(3600);
    expect(await pollOnce(t.engine)).toBe(0);
  });

  it("[[hang]]: marks the task overdue at the deadline even while polls fail, then records the failure and refund", async () => {
    const { t, apiKey, taskId } = await started("a cat [[hang]]");
    const emu = emulator();
    // 25 minutes in big steps, polling in between: still live, not overdue.
    for (let i = 0; i < 5; i += 1) {
      await t.advance(300);
      expect(await pollOnce(t.engine)).toBe(1);
    }
    expect(await row(taskId)).toMatchObject({ status: "processing", overdue: 0 });

    // The upstream errs while the deadline passes: Darkroom still says the task is overdue.
    await emu.faults([{ kind: "status", status: 503, path: "/v1/tasks/", times: 1_000 }]);
    await t.advance(300);
    await pollOnce(t.engine);
    await t.advance(15);
    expect(await pollOnce(t.engine)).toBe(1);
    const overdue = await row(taskId);
    expect(Date.parse(overdue.last_polled_at!) - Date.parse(overdue.created_at)).toBeGreaterThan(DEADLINE_MS);
    expect(overdue).toMatchObject({ status: "processing", overdue: 1 });

    await emu.control("DELETE", "/faults");
    await t.advance(6);
    expect(await pollOnce(t.engine)).toBe(1);
    expect(await row(taskId)).toMatchObject({ status: "failed", error_code: "refund_pending", overdue: 1 });
    await t.advance(61);
    expect(await pollOnce(t.engine)).toBe(1);
    expect(await row(taskId)).toMatchObject({
      status: "failed",
      error_code: "generation_failed",
      credits_refunded: 44,
      next_poll_at: null,
    });
    expect(await countLive(database().db, { kind: "image" })).toBe(0);
    expect(await emu.credits(apiKey)).toBe(START);
  });

  it("records media_deleted when the upstream's retention passes, and keeps the archived file", async () => {
    const { t, taskId } = await started();
    const done = await t.pollUntil(taskId, (task) => task.archive_state === "done");
    expect(done).toMatchObject({ status: "succeeded", media_deleted_at: null });
    // One look an hour after the free plan's 7 days, counted from the upstream's success on its clock, and none
    // before: no poll is scheduled meanwhile (a sweep makes the look due, reckoned with the skew of that moment).
    expect(done.next_poll_at).toBeNull();
    const look = at(retentionLookAt(done, t.engine));
    expect(look).toBe(at(done.upstream_updated_at)! - upstreamSkewMs() + (7 * DAY_SECONDS + 3600) * 1000);
    // The shared emulator's clock is days ahead of this engine's; a Date header has whole seconds, so the
    // skew is known to within a second or two, and the look may land that much after completed_at + 7 d 1 h.
    expect(look! - at(done.completed_at)!).toBeLessThanOrEqual((7 * DAY_SECONDS + 3600 + 2) * 1000);

    await t.advance(7 * DAY_SECONDS);
    expect(await pollOnce(t.engine)).toBe(0);
    await t.advance(2 * 3600);
    expect(await pollOnce(t.engine)).toBe(1);
    const deleted = await row(taskId);
    expect(deleted).toMatchObject({ status: "succeeded", archive_state: "done", error_code: null, next_poll_at: null });
    expect(deleted.media_deleted_at).not.toBeNull();
    const [result] = await getResults(database().db, { taskId });
    expect(result?.file && (await t.engine.media.exists(result.file))).toBe(true);
    expect(result?.thumbnail && (await t.engine.media.exists(result.thumbnail))).toBe(true);
    expect(await (await emulator().media(result!.upstream_url)).status).toBe(410);
  });

  it("stops archiving at once when a video's URL has expired (410), instead of retrying what cannot come back", async () => {
    const emu = emulator();
    const { apiKey } = await emu.account();
    const t = await testEngine(emu, apiKey);
    const [id] = await t.submit(BODIES.epsilon());
    await dispatchOnce(t.engine);
    const taskId = (await getSubmission(database().db, { id: id! }))!.task_id!;
    await emu.faults([{ method: "GET", path: "/media/", kind: "status", status: 503, times: 1 }]);
    expect(await t.pollUntil(taskId, (task) => task.archive_error !== null)).toMatchObject({
      archive_state: "pending",
      archive_attempts: 1,
    });
    await t.advance(2 * DAY_SECONDS); // video URLs answer 410 a day after success
    await pollOnce(t.engine);
    expect(await row(taskId)).toMatchObject({
      status: "succeeded",
      archive_state: "failed",
      archive_attempts: 2,
      archive_error: expect.stringMatching(/HTTP 410/),
      next_poll_at: null,
    });
  });

  it("says so when an image's upstream copy was deleted before it could be archived", async () => {
    const { t, taskId } = await started();
    await emulator().faults([{ method: "GET", path: "/media/", kind: "status", status: 503, times: 1 }]);
    await t.pollUntil(taskId, (task) => task.archive_error !== null);
    await t.advance(8 * DAY_SECONDS); // past the free plan's retention: the task now reports media_deleted
    await pollOnce(t.engine);
    const gone = await row(taskId);
    expect(gone).toMatchObject({
      status: "succeeded",
      archive_state: "failed",
      archive_error: expect.stringMatching(/deleted its copy before/),
      next_poll_at: null,
    });
    expect(gone.media_deleted_at).not.toBeNull();
  });

  it("marks a task the upstream does not know as lost after three 404s, and keeps it", async () => {
    const emu = emulator();
    const { apiKey } = await emu.account();
    const t = await testEngine(emu, apiKey);
    const calls = countCalls(t.engine);
    const id = `task_${randomBytes(12).toString("hex")}`;
    const now = t.engine.now().toISOString();
    await insertTask(database().db, {
      id,
      model: "gamma-5-pro",
      kind: "image",
      status: "processing",
      next_poll_at: now,
      created_at: now,
      updated_at: now,
    });

    for (const count of [1, 2]) {
      expect(await pollOnce(t.engine)).toBe(1);
      expect(await row(id)).toMatchObject({ status: "processing", not_found_count: count, lost: 0 });
      await t.advance(6);
    }
    expect(await pollOnce(t.engine)).toBe(1);
    expect(await row(id)).toMatchObject({ status: "processing", not_found_count: 3, lost: 1, next_poll_at: null });
    expect(calls.map((call) => call.kind)).toEqual(["not_found", "not_found", "not_found"]);
    expect(t.events).toContainEqual(expect.objectContaining({ type: "task", id }));
    expect(await countLive(database().db, { kind: "image" })).toBe(0);

    await t.advance(3600);
    expect(await pollOnce(t.engine)).toBe(0);
    expect(await database().db.selectFrom("tasks").select("id").execute()).toEqual([{ id }]);
  });
});
