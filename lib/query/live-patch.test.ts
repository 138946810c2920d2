// Issue 15: an event carries the task's view, and a tab patches its cache from it. A new task goes first on
// the first page only; a loaded one is replaced wherever it is; one now hidden leaves; filters the view cannot
// judge (a search) make that list refetch instead.
import { describe, expect, it, vi } from "vitest";
import type { SubmissionView, TaskView } from "@/lib/schemas/views";
import { QueryClient } from "./cache";
import { submissionKeys } from "./keys";
import { applySubmissionChange, listShows, patchList } from "./live-patch";
import type { TaskListData } from "./tasks";

const view = (id: string, createdAt: string, patch: Partial<TaskView> = {}): TaskView => ({
  id,
  model: "gamma-5-pro",
  kind: "image",
  status: "processing",
  archive: { state: "none", error: null },
  prompt: `prompt of ${id}`,
  params: null,
  member: { id: "u1", name: "Ada" },
  credits: { reserved: 4, used: null, refunded: null },
  error: null,
  overdue: false,
  lost: false,
  mediaDeletedAt: null,
  favourite: false,
  createdAt,
  completedAt: null,
  expiresAt: null,
  thumbnailUrl: null,
  unreadable: null,
  refundUnconfirmed: false,
  unmapped: null,
  ...patch,
});

const loaded = (): TaskListData => ({
  pages: [
    { tasks: [view("t4", "2026-11-23T10:04:00.000Z"), view("t3", "2026-11-23T10:03:00.000Z")], nextCursor: "c1" },
    { tasks: [view("t2", "2026-11-23T10:02:00.000Z"), view("t1", "2026-11-23T10:01:00.000Z")], nextCursor: null },
  ],
  pageParams: [null, "c1"],
});

const ids = (data: unknown) => (data as TaskListData).pages.map((page) => page.tasks.map((t) => t.id));

describe("patchList", () => {
  it("puts a new task first on the first page only", () => {
    const next = patchList(loaded(), {}, view("t5", "2026-11-23T10:05:00.000Z"));
    expect(ids(next)).toEqual([
      ["t5", "t4", "t3"],
      ["t2", "t1"],
    ]);
  });

  it("replaces a loaded task on whatever page holds it, keeping the member's name", () => {
    const next = patchList(loaded(), {}, view("t1", "2026-11-23T10:01:00.000Z", { status: "succeeded", member: { id: "u1", name: null } }));
    const t1 = (next as TaskListData).pages[1]!.tasks[1]!;
    expect(t1).toMatchObject({ id: "t1", status: "succeeded", member: { name: "Ada" } });
    expect(ids(next)).toEqual(ids(loaded()));
  });

  it("leaves alone a task older than the first page's first that no loaded page holds", () => {
    expect(patchList(loaded(), {}, view("t0", "2026-11-23T10:00:00.000Z"))).toBeUndefined();
  });

  it("takes out a task hidden for this member or the team, and never inserts one", () => {
    expect(ids(patchList(loaded(), {}, view("t3", "2026-11-23T10:03:00.000Z", { hiddenForMe: true })))).toEqual([["t4"], ["t2", "t1"]]);
    expect(ids(patchList(loaded(), {}, view("t2", "2026-11-23T10:02:00.000Z", { hiddenForTeam: true })))).toEqual([["t4", "t3"], ["t1"]]);
    expect(patchList(loaded(), {}, view("t9", "2026-11-23T11:00:00.000Z", { hiddenForMe: true }))).toBeUndefined();
  });

  it("follows filters the view can judge, and refetches a list the view cannot judge", () => {
    const failedOnly = { status: ["failed"] };
    expect(ids(patchList(loaded(), failedOnly, view("t4", "2026-11-23T10:04:00.000Z", { status: "succeeded" })))).toEqual([
      ["t3"],
      ["t2", "t1"],
    ]);
    expect(patchList(loaded(), { model: ["alpha-2"] }, view("t5", "2026-11-23T10:05:00.000Z"))).toBeUndefined();
    expect(patchList(loaded(), { q: "harbour" }, view("t5", "2026-11-23T10:05:00.000Z"))).toBe("refetch");
    expect(listShows({ member: "u2" }, view("t5", "2026-11-23T10:05:00.000Z"))).toBe(false);
  });

  it("judges the error-code filter as the list's read does (a deleted upstream copy counts as media_deleted)", () => {
    const at = "2026-11-23T10:05:00.000Z";
    const failed = view("t5", at, { status: "failed", error: { code: "generation_failed", message: null } });
    expect(listShows({ error: ["generation_failed"] }, failed)).toBe(true);
    expect(listShows({ error: ["prompt_blocked"] }, failed)).toBe(false);
    expect(listShows({ error: ["generation_failed"] }, view("t5", at))).toBe(false);
    expect(listShows({ error: ["media_deleted"] }, view("t5", at, { status: "succeeded", mediaDeletedAt: at }))).toBe(true);
    // A task that failed while the list was open joins it, first.
    expect(ids(patchList(loaded(), { error: ["generation_failed"] }, failed))[0]).toEqual(["t5", "t4", "t3"]);
  });

  it("patches a plain page (a task's lineage) as well as an infinite list", () => {
    const page = { tasks: [view("t1", "2026-11-23T10:01:00.000Z")], nextCursor: null };
    expect(patchList(page, {}, view("t1", "2026-11-23T10:01:00.000Z", { status: "failed" }))).toMatchObject({
      tasks: [{ id: "t1", status: "failed" }],
    });
  });
});

describe("applySubmissionChange", () => {
  const followed = (state: SubmissionView["state"]) => ({ id: "s1", state, taskId: null, error: null }) as unknown as SubmissionView;

  it("reads a submission again when it is refused or handed to a person: the event does not say why", () => {
    for (const state of ["rejected", "attention"] as const) {
      const client = new QueryClient();
      client.setQueryData(submissionKeys.detail("s1"), followed("sending"));
      const invalidate = vi.spyOn(client, "invalidateQueries");
      applySubmissionChange(client, { id: "s1", state, taskId: null });
      expect(client.getQueryData<SubmissionView>(submissionKeys.detail("s1"))?.state).toBe(state);
      expect(invalidate).toHaveBeenCalledWith({ queryKey: submissionKeys.detail("s1"), exact: true });
    }
  });

  it("patches an accepted one in place, with no request", () => {
    const client = new QueryClient();
    client.setQueryData(submissionKeys.detail("s1"), followed("sending"));
    const invalidate = vi.spyOn(client, "invalidateQueries");
    applySubmissionChange(client, { id: "s1", state: "accepted", taskId: "task_1" });
    expect(client.getQueryData<SubmissionView>(submissionKeys.detail("s1"))).toMatchObject({ state: "accepted", taskId: "task_1" });
    expect(invalidate).not.toHaveBeenCalledWith({ queryKey: submissionKeys.detail("s1"), exact: true });
  });
});
