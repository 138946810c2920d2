// Issue 15: the gallery's and the workspace's first page is read on the server and hydrated. It must be the
// page GET /api/tasks answers for the same query (filters, hidden tasks, page size, cursor) under the key
// the browser's query uses, or the client would show something else, or fetch it again.
import { QueryClient, type DehydratedState } from "@/lib/query/cache";
import { beforeAll, describe, expect, it } from "vitest";
import { DELETE as hide } from "@/app/api/tasks/[id]/route";
import { GET as list } from "@/app/api/tasks/route";
import { GET as queue } from "@/app/api/queue/route";
import { GET as balance } from "@/app/api/balance/route";
import { GET as budgets } from "@/app/api/budgets/route";
import { GET as uploads } from "@/app/api/uploads/route";
import { database } from "@/lib/db";
import { insertTask } from "@/lib/db/tasks";
import { insertTaskSources } from "@/lib/db/task-sources";
import { call, seedTeam, type Team } from "@/lib/testing/app";
import { parseTaskFilters } from "@/lib/query/task-filters";
import { budgetKeys, taskKeys, uploadKeys } from "@/lib/query/keys";
import { recentOwnTasksOptions } from "@/lib/query/recent-tasks";
import { taskListOptions, taskListSearch } from "@/lib/query/task-list";
import { childTasksOptions, childTasksSearch, type TaskListData, type TaskPage } from "@/lib/query/tasks";
import { prefetchBudgets } from "@/lib/query/server/prefetch-budgets";
import { prefetchChildTasks, prefetchGallery, prefetchWorkspace } from "@/lib/query/server/prefetch-tasks";

let team: Team;
const hiddenByMember = "task_pf_hidden";

beforeAll(async () => {
  team = await seedTeam();
  // 70 tasks: more than one page (60), two models, two owners; 12 more below, made from the first.
  for (let i = 0; i < 70; i++) {
    const at = new Date(Date.UTC(2026, 0, 1, 0, 0, i)).toISOString();
    await insertTask(database().db, {
      id: i === 69 ? hiddenByMember : `task_pf_${String(i).padStart(2, "0")}`,
      user_id: i % 3 === 0 ? team.admin.member.id : team.member.member.id,
      model: i % 2 === 0 ? "gamma-5-pro" : "gamma-5-lite",
      kind: "image",
      prompt: i % 5 === 0 ? "a heron at dawn" : "a lighthouse",
      status: i % 4 === 0 ? "failed" : "succeeded",
      created_at: at,
      updated_at: at,
    });
  }
  // Twelve tasks made from the first (older than the 70, which stay the newest): more than its lineage lists.
  for (let i = 0; i < 12; i++) {
    const at = new Date(Date.UTC(2025, 11, 31, 0, 0, i)).toISOString();
    const submission = `sub_pf_child_${i}`;
    await insertTask(database().db, {
      id: `task_pf_child_${String(i).padStart(2, "0")}`,
      user_id: team.member.member.id,
      submission_id: submission,
      model: "gamma-5-pro",
      kind: "image",
      prompt: "made from the first",
      status: "succeeded",
      created_at: at,
      updated_at: at,
    });
    await insertTaskSources(database().db, [{ submission_id: submission, source_task_id: "task_pf_00", relation: "input" }]);
  }
  const hidden = await call(hide, `/api/tasks/${hiddenByMember}`, {
    method: "DELETE",
    cookie: team.member.cookie,
    params: { id: hiddenByMember },
  });
  expect(hidden.status).toBe(204);
});

/** What the browser's client holds after hydrating the server's state. */
function hydrated(state: DehydratedState): QueryClient {
  const client = new QueryClient();
  client.hydrate(state);
  return client;
}

describe("the gallery's first page on the server", () => {
  const cases = ["", "model=gamma-5-pro", "status=failed,succeeded&q=heron", "member=MEMBER&kind=image"];
  for (const raw of cases) {
    it(`is the API's first page under the client's key (${raw || "no filters"})`, async () => {
      const search = raw.replace("MEMBER", team.member.member.id);
      const params = Object.fromEntries(new URLSearchParams(search));
      const client = hydrated(await prefetchGallery(params, team.member.member));
      // The key the gallery computes from the URL (components/tasks/task-gallery.tsx).
      const key = taskListOptions(parseTaskFilters(new URLSearchParams(search))).queryKey;
      const data = client.getQueryData<TaskListData>(key);
      expect(data?.pageParams).toEqual([null]);
      // The first page the browser asks for, as it asks for it.
      const api = await call(list, `/api/tasks?${taskListSearch(parseTaskFilters(new URLSearchParams(search)), null)}`, {
        cookie: team.member.cookie,
      });
      expect(api.status).toBe(200);
      expect(data?.pages).toEqual([api.json]);
      expect(data?.pages[0]?.tasks.length).toBeGreaterThan(0);
      // Fresh: the browser must not fetch it again as soon as it mounts.
      const options = taskListOptions(parseTaskFilters(new URLSearchParams(search)));
      expect(client.build(options).isStale(options.staleTime!)).toBe(false);
    });
  }

  it("pages like the API and leaves out the tasks this member hid", async () => {
    const client = hydrated(await prefetchGallery({}, team.member.member));
    const page = client.getQueryData<TaskListData>(taskListOptions({}).queryKey)!.pages[0]!;
    expect(page.tasks).toHaveLength(24);
    expect(page.nextCursor).not.toBeNull();
    expect(page.tasks.map((task) => task.id)).not.toContain(hiddenByMember);
    // Someone else, who did not hide it, gets it first (it is the newest).
    const theirs = hydrated(await prefetchGallery({}, team.admin.member));
    expect(theirs.getQueryData<TaskListData>(taskListOptions({}).queryKey)!.pages[0]!.tasks[0]?.id).toBe(hiddenByMember);
  });

  // Issue 28: the queue panel above the cards came after hydration and pushed them down (a desktop CLS of 0.12).
  it("holds the queue as GET /api/queue answers it, fresh, for admins and members alike", async () => {
    for (const who of [team.admin, team.member]) {
      const client = hydrated(await prefetchGallery({}, who.member));
      const api = await call(queue, "/api/queue", { cookie: who.cookie });
      expect(api.status).toBe(200);
      expect(client.getQueryData(taskKeys.queue)).toEqual(api.json);
    }
  });

  it("drops a bad filter as the client drops it, and prefetches the page the client then asks for", async () => {
    const state = await prefetchGallery({ from: "not a date" }, team.member.member);
    // A bad field is dropped from the filters, as the client drops it: the page is the unfiltered one.
    const client = hydrated(state);
    expect(client.getQueryData<TaskListData>(taskListOptions({}).queryKey)?.pages[0]?.tasks).toHaveLength(24);
  });
});

// Issue 28: what a page showed after asking for it as it hydrated (a task's lineage, the workspace's balance, the
// shell's budgets) comes with the HTML, as the API answers it, fresh: the page asks for nothing as it loads.
describe("what else a page reads on the server", () => {
  it("holds a task's lineage as the API answers it, under the client's key", async () => {
    const client = hydrated(await prefetchChildTasks("task_pf_00", team.member.member.id));
    const options = childTasksOptions("task_pf_00");
    const api = await call(list, `/api/tasks?${childTasksSearch("task_pf_00").toString()}`, { cookie: team.member.cookie });
    expect(api.status).toBe(200);
    const data = client.getQueryData<TaskPage>(options.queryKey);
    expect(data).toEqual(api.json);
    expect(data?.tasks).toHaveLength(10);
    expect(data?.nextCursor).not.toBeNull();
    expect(client.build(options).isStale(30_000)).toBe(false);
  });

  it("holds the balance estimate as GET /api/balance answers it", async () => {
    const client = hydrated(await prefetchWorkspace(team.member.member.id));
    const api = await call(balance, "/api/balance", { cookie: team.member.cookie });
    expect(api.status).toBe(200);
    expect(client.getQueryData(budgetKeys.balance)).toEqual(api.json);
  });

  it("holds whether uploads can work as GET /api/uploads answers it", async () => {
    const client = hydrated(await prefetchWorkspace(team.member.member.id));
    const api = await call(uploads, "/api/uploads", { cookie: team.member.cookie });
    expect(api.status).toBe(200);
    expect(client.getQueryData(uploadKeys.capability)).toEqual(api.json);
  });

  it("holds the shell's budgets as GET /api/budgets answers them, for admins and members alike", async () => {
    for (const who of [team.admin, team.member]) {
      const client = hydrated(await prefetchBudgets(who.member));
      const api = await call(budgets, "/api/budgets", { cookie: who.cookie });
      expect(api.status).toBe(200);
      expect(client.getQueryData(budgetKeys.list)).toEqual(api.json);
    }
  });
});

describe("the workspace's recent results on the server", () => {
  it("is the member's own latest tasks, as the API answers them, under the client's key", async () => {
    const memberId = team.member.member.id;
    const client = hydrated(await prefetchWorkspace(memberId));
    const data = client.getQueryData<TaskPage>(recentOwnTasksOptions(memberId).queryKey);
    const api = await call(list, `/api/tasks?member=${memberId}&limit=24`, { cookie: team.member.cookie });
    expect(data).toEqual(api.json);
    expect(data?.tasks).toHaveLength(24);
    expect(new Set(data?.tasks.map((task) => task.member.id))).toEqual(new Set([memberId]));
  });
});
