// GET /api/tasks: every filter, the prompt search, cursor pages that neither skip nor repeat, and lineage
// (?parent=) built from real submissions sent to the emulator.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST as generate } from "@/app/api/generations/route";
import { POST as archiveAgain } from "@/app/api/tasks/[id]/archive/route";
import { GET as getOne } from "@/app/api/tasks/[id]/route";
import { GET as list } from "@/app/api/tasks/route";
import { database } from "@/lib/db";
import { getSubmission } from "@/lib/db/submissions";
import { getTaskRow, insertTask, updateTask } from "@/lib/db/tasks";
import { BODIES, emulatorForFile, FAST_TIMINGS } from "@/emulator/testing";
import { call, expectError, seedTeam, type Team } from "@/lib/testing/app";
import { dispatchOnce } from "@/lib/tasks/engine/dispatch";
import { sourcesOf, sourcesOfTask } from "@/lib/tasks/lineage";
import { pollOnce } from "@/lib/tasks/engine/poll";
import { testEngine } from "@/lib/testing/engine";
import { observeUpstreamDate, upstreamSkewMs } from "@/lib/upstream/clock";
import { parseTaskFilters } from "@/lib/query/task-filters";

const emulator = emulatorForFile({ timings: FAST_TIMINGS });
let team: Team;

type Seed = Partial<Parameters<typeof insertTask>[1]> & { id: string };

async function seed({ id, ...patch }: Seed): Promise<void> {
  const at = patch.created_at ?? "2026-05-01T12:00:00.000Z";
  await insertTask(database().db, {
    id,
    user_id: team.member.member.id,
    model: "gamma-5-pro",
    kind: "image",
    prompt: "a lighthouse",
    status: "succeeded",
    created_at: at,
    updated_at: at,
    ...patch,
  });
}

async function ids(query: string, cookie = team.viewer.cookie): Promise<string[]> {
  const response = await call(list, `/api/tasks?${query}`, { cookie });
  expect(response.status, JSON.stringify(response.json)).toBe(200);
  return (response.json.tasks as { id: string }[]).map((task) => task.id);
}

describe("GET /api/tasks", () => {
  beforeAll(async () => {
    team = await seedTeam();
    await seed({
      id: "task_f_video",
      model: "epsilon-v6",
      kind: "video",
      prompt: "Waves Breaking on rocks",
      status: "processing",
      created_at: "2026-05-03T09:00:00.000Z",
    });
    await seed({
      id: "task_f_failed",
      model: "delta-image-2",
      prompt: "a red kite over waves",
      status: "failed",
      error_code: "generation_failed",
      created_at: "2026-05-02T09:00:00.000Z",
    });
    await seed({
      id: "task_f_admin",
      user_id: team.admin.member.id,
      prompt: "100% cotton_shirt",
      favourite: 1,
      created_at: "2026-04-20T09:00:00.000Z",
    });
    // A success whose upstream copy the service deleted after retention: its pages show media_deleted.
    await seed({
      id: "task_f_plain",
      prompt: "100 cotton shirts",
      media_deleted_at: "2026-04-20T09:00:00.000Z",
      created_at: "2026-04-10T09:00:00.000Z",
    });
    await seed({ id: "task_f_hidden", prompt: "waves, hidden", hidden: 1, created_at: "2026-05-04T09:00:00.000Z" });
  });

  it("lists the team's tasks newest first, without hidden ones, to every role", async () => {
    const all = ["task_f_video", "task_f_failed", "task_f_admin", "task_f_plain"];
    expect(await ids("")).toEqual(all);
    expect(await ids("", team.member.cookie)).toEqual(all);
  });

  it("filters by status, model, kind, member, dates and favourites, each alone and together", async () => {
    expect(await ids("status=failed")).toEqual(["task_f_failed"]);
    expect(await ids("status=failed,processing")).toEqual(["task_f_video", "task_f_failed"]);
    expect(await ids("model=delta-image-2,epsilon-v6")).toEqual(["task_f_video", "task_f_failed"]);
    expect(await ids("kind=video")).toEqual(["task_f_video"]);
    expect(await ids(`member=${team.admin.member.id}`)).toEqual(["task_f_admin"]);
    expect(await ids("from=2026-04-15T00:00:00Z&to=2026-05-02T23:59:59Z")).toEqual(["task_f_failed", "task_f_admin"]);
    expect(await ids("favourite=1")).toEqual(["task_f_admin"]);
    expect(await ids("kind=image&status=succeeded")).toEqual(["task_f_admin", "task_f_plain"]);
  });

  it("filters by error code, media_deleted finding deleted upstream copies too", async () => {
    expect(await ids("error=generation_failed")).toEqual(["task_f_failed"]);
    expect(await ids("error=prompt_blocked")).toEqual([]);
    expect(await ids("error=media_deleted")).toEqual(["task_f_plain"]);
    expect(await ids("error=generation_failed,media_deleted&model=gamma-5-pro")).toEqual(["task_f_plain"]);
    expect(await ids("error=generation_failed,media_deleted")).toEqual(["task_f_failed", "task_f_plain"]);
    // The filter survives a reload: the gallery reads it back from its URL.
    expect(parseTaskFilters(new URLSearchParams("error=generation_failed,media_deleted"))).toEqual({
      error: ["generation_failed", "media_deleted"],
    });
  });

  it("searches prompts for every word, ignoring case, with % and _ taken literally", async () => {
    expect(await ids("q=waves")).toEqual(["task_f_video", "task_f_failed"]);
    expect(await ids("q=WAVES+kite")).toEqual(["task_f_failed"]);
    expect(await ids(`q=${encodeURIComponent("100%")}`)).toEqual(["task_f_admin"]);
    expect(await ids("q=cotton_shirt")).toEqual(["task_f_admin"]);
    expect(await ids("q=nothing-like-this")).toEqual([]);
  });

  it("pages with a cursor that neither skips nor repeats tasks created at the same instant", async () => {
    const same = "2026-01-01T00:00:00.000Z";
    const page = Array.from({ length: 11 }, (_, i) => `task_p_${String(i).padStart(2, "0")}`);
    for (const [i, id] of page.entries())
      await seed({ id, prompt: "paging", created_at: i < 6 ? same : `2026-01-01T00:00:${String(i).padStart(2, "0")}.000Z` });
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const response = await call(list, `/api/tasks?q=paging&limit=4${cursor ? `&cursor=${cursor}` : ""}`, { cookie: team.viewer.cookie });
      seen.push(...(response.json.tasks as { id: string }[]).map((task) => task.id));
      cursor = response.json.nextCursor as string | null;
    } while (cursor);
    expect(seen).toEqual([...page].reverse());
  });

  it("refuses a bad filter or cursor with a message and a field", async () => {
    for (const query of [
      "status=done",
      "error=Not%20a%20code",
      `error=${"x".repeat(65)}`,
      "kind=gif",
      "from=yesterday",
      "parent=not%20a%20task",
      "limit=0",
      "cursor=bm90IGEgY3Vyc29y",
    ]) {
      const response = await call(list, `/api/tasks?${query}`, { cookie: team.viewer.cookie });
      expect(response.status, query).toBe(422);
      expect(Object.keys(response.json.error.fields ?? {}), query).toHaveLength(1);
    }
  });
});

describe("lineage", () => {
  it("reads the task an extension continues and every task whose result is used, once each", () => {
    expect(sourcesOf({ model: "epsilon-v6", mode: "extend", parent_task_id: "task_parent" })).toEqual([
      { taskId: "task_parent", relation: "extends" },
    ]);
    const request = {
      model: "epsilon-v6",
      image_references: [{ image_url: "/api/media/task_a/0" }, { image_url: "/api/media/task_b/1" }, { image_url: "/api/media/task_a/2" }],
      prompt: "/api/media/task_c/0 is only words here",
      first_frame_url: "https://images.example.com/a.png",
    };
    expect(sourcesOf(request)).toEqual([
      { taskId: "task_a", relation: "input" },
      { taskId: "task_b", relation: "input" },
    ]);
  });

  it("lists the tasks made from a result, and the detail names their source", async () => {
    const emu = emulator();
    const { apiKey } = await emu.account();
    const t = await testEngine(emu, apiKey);
    const [sourceSubmission] = await t.submit(BODIES.gamma("the source image"));
    await dispatchOnce(t.engine);
    const sourceId = (await getSubmission(database().db, { id: sourceSubmission! }))!.task_id!;
    await t.pollUntil(sourceId, (task) => task.archive_state === "done");
    expect(await ids(`parent=${sourceId}`)).toEqual([]);

    const made = await call(generate, "/api/generations", {
      method: "POST",
      cookie: team.member.cookie,
      body: {
        submissionId: randomUUID(),
        runs: 2,
        request: { model: "alpha-2.3-fast", prompt: "the harbour comes alive", image_url: `/api/media/${sourceId}/0` },
      },
    });
    expect(made.status).toBe(202);
    await dispatchOnce(t.engine);
    const children = await Promise.all(
      (made.json.submissions as { id: string }[]).map(async ({ id }) => (await getSubmission(database().db, { id }))!.task_id!),
    );
    expect(children.every((id) => id?.startsWith("task_"))).toBe(true);

    expect((await ids(`parent=${sourceId}`)).sort()).toEqual([...children].sort());
    expect(await ids(`parent=${children[0]}`)).toEqual([]);
    const child = (await getTaskRow(database().db, { id: children[0]! }))!;
    expect(await sourcesOfTask(database().db, child)).toEqual([{ taskId: sourceId, relation: "input" }]);
  });

  it("falls back to parent_task_id in the parameters of a task Darkroom did not submit", async () => {
    expect(
      await sourcesOfTask(database().db, { submission_id: null, params: JSON.stringify({ parent_task_id: "task_elsewhere" }) }),
    ).toEqual([{ taskId: "task_elsewhere", relation: "extends" }]);
    expect(await sourcesOfTask(database().db, { submission_id: null, params: "{not json" })).toEqual([]);
  });
});

describe("retention and the archive", () => {
  const DAY_MS = 86_400_000;
  const detail = async (id: string) => (await call(getOne, `/api/tasks/${id}`, { cookie: team.viewer.cookie, params: { id } })).json.task;
  // The upstream clock is process-wide: leave it agreeing with ours for whatever runs next.
  afterAll(() => observeUpstreamDate(new Date().toUTCString(), Date.now()));

  it("reckons an image's expiry on the upstream's clock, as its Date header tells it", async () => {
    const emu = emulator();
    const { apiKey } = await emu.account({ plan: "free" });
    const t = await testEngine(emu, apiKey);
    const [submission] = await t.submit(BODIES.gamma("kept for a week"));
    await dispatchOnce(t.engine);
    const id = (await getSubmission(database().db, { id: submission! }))!.task_id!;
    const row = await t.pollUntil(id, (task) => task.archive_state === "done");
    // Earlier tests moved the file's emulator: whatever the skew is, the expiry is the upstream's, moved by it.
    const skew = upstreamSkewMs();
    const expiresAt = Date.parse((await detail(id)).expiresAt);
    expect(expiresAt).toBe(Date.parse(row.upstream_updated_at!) + 7 * DAY_MS - skew);

    // Only the upstream's clock moves: the same image now has six days less, on our clock. (Within seconds:
    // each reading of the skew carries the Date header's rounding and the answer's time on the way.)
    await emu.advance(6 * 86_400);
    await t.engine.client.getTask(id);
    expect(Math.abs(upstreamSkewMs() - skew - 6 * DAY_MS)).toBeLessThan(10_000);
    expect(Math.abs(Date.parse((await detail(id)).expiresAt) - (expiresAt - 6 * DAY_MS))).toBeLessThan(10_000);
  });

  it("saves a result again when asked after the automatic attempts gave up, and says when there is nothing to do", async () => {
    const emu = emulator();
    const { apiKey } = await emu.account();
    const t = await testEngine(emu, apiKey);
    const [submission] = await t.submit(BODIES.gamma("saved at the second try"));
    await dispatchOnce(t.engine);
    const id = (await getSubmission(database().db, { id: submission! }))!.task_id!;
    await emu.faults([{ method: "GET", path: "/media/", kind: "status", status: 503, times: 1 }]);
    await t.pollUntil(id, (task) => task.status === "succeeded" && task.archive_error !== null);
    await updateTask(database().db, { id, archive_state: "failed", next_poll_at: null });
    expect((await detail(id)).results).toEqual([]);

    expectError(
      await call(archiveAgain, `/api/tasks/${id}/archive`, { method: "POST", cookie: team.viewer.cookie, params: { id } }),
      403,
      "forbidden:role",
    );
    const asked = await call(archiveAgain, `/api/tasks/${id}/archive`, { method: "POST", cookie: team.member.cookie, params: { id } });
    expect(asked.status).toBe(202);
    expect(asked.json.task.archive.state).toBe("pending");
    await t.advance(1);
    await pollOnce(t.engine);
    const saved = await detail(id);
    expect(saved.archive.state).toBe("done");
    expect(saved.results).toHaveLength(1);

    expectError(
      await call(archiveAgain, `/api/tasks/${id}/archive`, { method: "POST", cookie: team.member.cookie, params: { id } }),
      409,
      "conflict:archive",
    );
    expectError(
      await call(archiveAgain, "/api/tasks/task_f_failed/archive", {
        method: "POST",
        cookie: team.member.cookie,
        params: { id: "task_f_failed" },
      }),
      409,
      "conflict:archive",
    );
    expectError(
      await call(archiveAgain, "/api/tasks/task_nope/archive", { method: "POST", cookie: team.member.cookie, params: { id: "task_nope" } }),
      404,
      "not_found:task",
    );
  });
});
