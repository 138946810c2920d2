// One clock for retention: with the upstream's clock moved days ahead of Darkroom's, the task page (the view's
// expiresAt, judged as the page judges it), the Overview's "expires within 48 hours" and the engine's last
// look after retention agree on the same tasks, before and after their upstream copies go.
import { beforeAll, describe, expect, it } from "vitest";
import { database } from "@/lib/db";
import { getSubmission } from "@/lib/db/submissions";
import { countLive, getTaskRow } from "@/lib/db/tasks";
import { BODIES, DAY_SECONDS, emulatorForFile, FAST_TIMINGS } from "@/emulator/testing";
import { migrated } from "@/lib/testing/app";
import { countCalls, testEngine, type TestEngine } from "@/lib/testing/engine";
import { upstreamSkewMs } from "@/lib/upstream/clock";
import { dispatchOnce } from "./engine/dispatch";
import { pollOnce } from "./engine/poll";
import { overview } from "./overview";
import { taskView } from "./task-views";

const emulator = emulatorForFile({ timings: FAST_TIMINGS });
const HOUR_MS = 3_600_000;
const WARNING_MS = 48 * HOUR_MS;
const USER = { id: "user_test", name: "Ada", email: "ada@example.com", role: "admin" as const };
const START = 100_000;

const row = async (id: string) => (await getTaskRow(database().db, { id }))!;

async function created(t: TestEngine, prompt: string): Promise<string> {
  const [id] = await t.submit(BODIES.gamma(prompt));
  expect(await dispatchOnce(t.engine)).toBe(1);
  return (await getSubmission(database().db, { id: id! }))!.task_id!;
}

/** What a task's page says of its upstream copy, judged as the page judges the view: gone, going within 48 h, or kept. */
async function pageSays(id: string, now: number): Promise<"deleted" | "expired" | "expiring" | "kept" | "none"> {
  const view = taskView(await row(id));
  if (view.mediaDeletedAt) return "deleted";
  if (!view.expiresAt) return "none";
  const left = Date.parse(view.expiresAt) - now;
  return left <= 0 ? "expired" : left <= WARNING_MS ? "expiring" : "kept";
}

/** Moves only the upstream's clock, and lets Darkroom read it from an answer's Date header. */
async function moveUpstreamClock(t: TestEngine, seconds: number, anyTask: string) {
  await emulator().advance(seconds);
  await t.engine.client.getTask(anyTask);
}

describe("retention on one clock", () => {
  beforeAll(migrated);

  it("the task page, the Overview's 48-hour list and the engine's last look agree under a skewed upstream clock", async () => {
    const emu = emulator();
    const { apiKey } = await emu.account();
    const t = await testEngine(emu, apiKey);
    const calls = countCalls(t.engine);

    // Archived: its deletion upstream costs nothing, but the Overview still lists it and the engine records it.
    const archived = await created(t, "archived lighthouse");
    await t.pollUntil(archived, (task) => task.archive_state === "done");
    // Not archived: the download answers 410, so the archive gives up and only the upstream holds it.
    await emu.faults([{ method: "GET", path: "/media/", kind: "status", status: 410, times: 1 }]);
    const unsaved = await created(t, "unsaved lighthouse");
    await t.pollUntil(unsaved, (task) => task.archive_state === "failed");

    // The upstream's clock jumps 5 days 16 hours ahead of Darkroom's: both copies, 7 days on the free plan
    // counted on the upstream's clock, now go in about 32 hours (the "until 27 Nov, 20:08").
    const skewBefore = upstreamSkewMs();
    await moveUpstreamClock(t, 5 * DAY_SECONDS + 16 * 3600, archived);
    expect(Math.abs(upstreamSkewMs() - skewBefore - (5 * 24 + 16) * HOUR_MS)).toBeLessThan(10_000);
    // Made after the jump, so stamped on the moved clock: a full 7 days left.
    const fresh = await created(t, "fresh lighthouse");
    await t.pollUntil(fresh, (task) => task.archive_state === "done");

    let now = t.engine.now();
    const left = Date.parse(taskView(await row(archived)).expiresAt!) - now.getTime();
    expect(left).toBeGreaterThan(31 * HOUR_MS);
    expect(left).toBeLessThan(33 * HOUR_MS);
    expect(await pageSays(archived, now.getTime())).toBe("expiring");
    expect(await pageSays(unsaved, now.getTime())).toBe("expiring");
    expect(await pageSays(fresh, now.getTime())).toBe("kept");
    // The Overview lists exactly what the pages call expiring, the one without an archived copy first, with
    // the same moment as the page.
    let shown = await overview(USER, now);
    expect(shown.expiring.map((task) => task.id)).toEqual([unsaved, archived]);
    expect(shown.expiring[1]!.expiresAt).toBe(taskView(await row(archived)).expiresAt);
    // The engine's last look waits: nothing is polled while the copies last.
    const before = calls.length;
    await t.advance(61);
    await pollOnce(t.engine);
    expect(calls.length).toBe(before);

    // Another 34 hours upstream: both copies went 2 hours ago there.
    await moveUpstreamClock(t, 34 * 3600, fresh);
    await t.advance(61);
    await pollOnce(t.engine);
    now = t.engine.now();
    // The engine took its last look at the archived one and recorded the upstream's deletion; the page says so.
    expect((await row(archived)).media_deleted_at).not.toBeNull();
    expect(await pageSays(archived, now.getTime())).toBe("deleted");
    // The unarchived one gets no look (nothing to keep), and its page says its copy has expired.
    expect(await pageSays(unsaved, now.getTime())).toBe("expired");
    expect(await pageSays(fresh, now.getTime())).toBe("kept");
    shown = await overview(USER, now);
    expect(shown.expiring).toEqual([]);

    // Invariants: one upstream task each, charged once, no slot held, the archived file kept.
    expect(await emu.credits(apiKey)).toBe(START - 3 * 44);
    expect(await countLive(database().db, { kind: "image" })).toBe(0);
    expect(await row(archived)).toMatchObject({ status: "succeeded", archive_state: "done" });
  });
});
