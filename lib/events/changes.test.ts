// Issue 15: an event only when a task's view changed. The engine polls a running task every 5 s; most polls
// change nothing a page shows, and then no event goes out (each event used to make every tab refetch).
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { BODIES, emulatorForFile } from "@/emulator/testing";
import { database } from "@/lib/db";
import { getSubmission } from "@/lib/db/submissions";
import { getListedTask } from "@/lib/db/task-list";
import { migrated } from "@/lib/testing/app";
import { clearEngineTables, testEngine } from "@/lib/testing/engine";
import type { LiveEvent, TaskEvent } from "@/lib/schemas/views";
import { dispatchOnce } from "@/lib/tasks/engine/dispatch";
import { listedTaskView } from "@/lib/tasks/task-views";
import { publishTaskEvent, taskEvents } from "./bus";

// Long enough to be polled several times while it runs.
const emulator = emulatorForFile({ timings: { imageSeconds: 40, videoSeconds: 60, refundSeconds: 2 } });

const heard: LiveEvent[] = [];
const listen = (event: LiveEvent) => heard.push(event);

describe("events on change only", () => {
  beforeAll(migrated);
  beforeEach(async () => {
    await clearEngineTables();
    heard.length = 0;
    taskEvents().on("event", listen);
  });
  afterEach(() => void taskEvents().off("event", listen));

  it("publishes a running task's polls only when its view changed, each event carrying the view", async () => {
    const emu = emulator();
    const { apiKey } = await emu.account();
    const t = await testEngine(emu, apiKey);
    const hints: TaskEvent[] = [];
    const recorded: Promise<unknown>[] = [];
    t.engine.publish = (hint) => {
      hints.push(hint);
      recorded.push(publishTaskEvent(hint));
    };
    const [submissionId] = await t.submit(BODIES.gamma("a slow harbour at dawn"));
    expect(await dispatchOnce(t.engine)).toBe(1);
    const taskId = (await getSubmission(database().db, { id: submissionId! }))!.task_id!;
    await t.pollUntil(taskId, (task) => task.status === "succeeded" && task.archive_state === "done", 16);
    await Promise.all(recorded);

    const taskHints = hints.filter((h) => h.type === "task" && h.id === taskId);
    const events = heard.filter((e): e is Extract<LiveEvent, { type: "task" }> => e.type === "task" && e.id === taskId);
    // Polled at least 5 times while it ran; the page heard of it only when what it shows changed.
    expect(taskHints.length).toBeGreaterThanOrEqual(6);
    expect(events.length).toBeLessThan(taskHints.length);
    expect(events.map((e) => e.version)).toEqual(events.map((_, i) => i + 1));
    for (let i = 1; i < events.length; i += 1) expect(events[i]!.view).not.toEqual(events[i - 1]!.view);
    // The last event is the view the gallery would read now.
    const now = listedTaskView((await getListedTask(database().db, { id: taskId }))!);
    expect(events.at(-1)!.view).toEqual(now);
    expect(now).toMatchObject({ status: "succeeded", thumbnailUrl: expect.any(String) });
    // Sequence numbers only go up, submissions' moves included.
    const seqs = heard.map((e) => e.seq);
    expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
    expect(heard.some((e) => e.type === "submission" && e.id === submissionId && e.state === "accepted")).toBe(true);
  });
});
