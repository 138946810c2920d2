// Which server events make which browser notifications, with the fetches and Notification faked.
import { describe, expect, it } from "vitest";
import { runsNote, createNotifier, excerpt, finishedOutcome, type Note, type SubmissionInfo, type TaskInfo } from "./notifications";

function setup({
  tasks = {},
  submissions = {},
  waiting = [],
}: {
  tasks?: Record<string, Partial<TaskInfo>>;
  submissions?: Record<string, Partial<SubmissionInfo>>;
  waiting?: SubmissionInfo[] | null;
} = {}) {
  const shown: Note[] = [];
  const state = { waiting };
  const notifier = createNotifier({
    fetchTask: async (id) => (tasks[id] ? { id, model: "gamma-5-pro", status: "succeeded", prompt: "a lighthouse", ...tasks[id] } : null),
    fetchSubmission: async (id) =>
      submissions[id] ? { id, state: "accepted", taskId: null, runsId: null, prompt: "a lighthouse", ...submissions[id] } : null,
    fetchWaiting: async () => state.waiting,
    show: (note) => shown.push(note),
  });
  return { notifier, shown, state };
}

const sub = (id: string, patch: Partial<SubmissionInfo> = {}): SubmissionInfo => ({
  id,
  state: "queued",
  taskId: null,
  runsId: "b1",
  prompt: "a lighthouse",
  ...patch,
});

describe("finishedOutcome", () => {
  it.each([
    [{ status: "failed", archive: "none" }, "failed"],
    [{ status: "succeeded", archive: "done" }, "succeeded"],
    [{ status: "succeeded", archive: "failed" }, "succeeded"],
    [{ status: "succeeded", archive: "pending" }, null], // still archiving: the result cannot be opened yet
    [{ status: "processing", archive: "none" }, null],
    [{ status: "pending" }, null],
  ])("%j → %s", (event, outcome) => expect(finishedOutcome(event)).toBe(outcome));
});

describe("task notifications", () => {
  it("announces a finished task once, with the prompt's excerpt", async () => {
    const { notifier, shown } = setup({ tasks: { t1: { prompt: "a lighthouse\n at   dusk" } } });
    await notifier.onTask({ id: "t1", status: "processing", archive: "none" });
    await notifier.onTask({ id: "t1", status: "succeeded", archive: "pending" });
    expect(shown).toEqual([]);
    await notifier.onTask({ id: "t1", status: "succeeded", archive: "done" });
    await notifier.onTask({ id: "t1", status: "succeeded", archive: "done" }); // a repeat from another process
    expect(shown).toEqual([{ title: "Task finished", body: "gamma-5-pro: a lighthouse at dusk", tag: "task:t1" }]);
  });

  it("says when a task failed", async () => {
    const { notifier, shown } = setup({ tasks: { t2: { status: "failed" } } });
    await notifier.onTask({ id: "t2", status: "failed", archive: "none" });
    expect(shown[0]?.title).toBe("Task failed");
  });

  it("shows nothing for a task it cannot read", async () => {
    const { notifier, shown } = setup();
    await notifier.onTask({ id: "gone", status: "failed" });
    expect(shown).toEqual([]);
  });

  it("shortens long prompts", () => {
    expect(excerpt("x".repeat(200))).toHaveLength(80);
    expect(excerpt(null)).toBe("(no prompt)");
  });
});

describe("batch notifications", () => {
  it("announces a batch once every run has finished and none is waiting", async () => {
    const tasks = { t1: {}, t2: { status: "failed" } };
    const { notifier, shown, state } = setup({
      tasks,
      submissions: {
        s1: sub("s1", { state: "accepted", taskId: "t1" }),
        s2: sub("s2", { state: "accepted", taskId: "t2" }),
        s3: sub("s3", { state: "rejected" }),
      },
      waiting: [sub("s2"), sub("s3")],
    });
    await notifier.onSubmission({ id: "s1" });
    await notifier.onTask({ id: "t1", status: "succeeded", archive: "done" });
    // s1 is done but s2 and s3 still wait in the queue: no batch notification yet.
    expect(shown.map((n) => n.tag)).toEqual(["task:t1"]);
    state.waiting = [];
    await notifier.onSubmission({ id: "s3" }); // refused upstream: it will never make a task
    await notifier.onSubmission({ id: "s2" });
    expect(shown.map((n) => n.tag)).toEqual(["task:t1"]);
    await notifier.onTask({ id: "t2", status: "failed" });
    expect(shown.at(-1)).toEqual({
      title: "All 3 runs finished",
      body: "1 succeeded, 1 failed, 1 not sent: a lighthouse",
      tag: "runs:b1",
    });
    await notifier.onTask({ id: "t2", status: "failed" });
    await notifier.onSubmission({ id: "s2" });
    expect(shown.filter((n) => n.tag === "runs:b1")).toHaveLength(1);
  });

  it("counts a task that finished before its submission event was read", async () => {
    const { notifier, shown } = setup({ tasks: { t1: {} }, submissions: { s1: sub("s1", { state: "accepted", taskId: "t1" }) } });
    await notifier.onTask({ id: "t1", status: "succeeded", archive: "done" });
    await notifier.onSubmission({ id: "s1" });
    expect(shown.map((n) => n.tag)).toEqual(["task:t1", "runs:b1"]);
  });

  it("ignores single runs and waits when the queue cannot be read", async () => {
    const { notifier, shown } = setup({
      tasks: { t1: {} },
      submissions: { single: { state: "accepted", taskId: "t1", runsId: null }, s1: sub("s1", { state: "accepted", taskId: "t1" }) },
      waiting: null,
    });
    await notifier.onSubmission({ id: "single" });
    await notifier.onTask({ id: "t1", status: "succeeded", archive: "done" });
    await notifier.onSubmission({ id: "s1" });
    expect(shown.map((n) => n.tag)).toEqual(["task:t1"]);
  });

  it("summarises outcomes", () => {
    expect(runsNote("b", "p", ["succeeded", "succeeded"]).body).toBe("2 succeeded: p");
  });
});
