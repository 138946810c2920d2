// One task, one id (issue 44): a task a script made through the gateway goes by the id the gateway answered at
// once (before the API had the task), in GET /v1/tasks/{id}, the gallery, the task view, its page and the
// exports; the API's id, which pages showed before, still names it. A task made in the dashboard goes by the
// API's id everywhere, the gateway included.
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { GET as tasksCsv } from "@/app/api/exports/tasks.csv/route";
import { POST as generations } from "@/app/api/generations/route";
import { POST as createToken } from "@/app/api/settings/access-tokens/route";
import { GET as taskRoute } from "@/app/api/tasks/[id]/route";
import { GET as tasksRoute } from "@/app/api/tasks/route";
import { POST as legacyGenerate } from "@/app/api/video/generate/route";
import { GET as legacyTask } from "@/app/api/video/task/[taskId]/route";
import { POST as images } from "@/app/v1/images/generations/route";
import { GET as retrieve } from "@/app/v1/tasks/[id]/route";
import { BODIES, emulatorForFile, FAST_TIMINGS } from "@/emulator/testing";
import { database } from "@/lib/db";
import { getSubmission } from "@/lib/db/submissions";
import { findListedTask } from "@/lib/tasks/task-ids";
import { dispatchOnce } from "@/lib/tasks/engine/dispatch";
import { call, seedTeam, type Signed, type Team } from "@/lib/testing/app";
import { csvRecords } from "@/lib/testing/csv";
import { testEngine, type TestEngine } from "@/lib/testing/engine";

const emulator = emulatorForFile({ timings: FAST_TIMINGS });
let team: Team;
let t: TestEngine;
let serial = 0;

async function tokenOf(who: Signed): Promise<string> {
  const made = await call(createToken, "/api/settings/access-tokens", {
    method: "POST",
    cookie: who.cookie,
    body: { name: `ids ${(serial += 1)}`, scope: "all" },
  });
  return made.json.token;
}

const read = (token: string, id: string) =>
  call(retrieve, `/v1/tasks/${id}`, { headers: { authorization: `Bearer ${token}` }, params: { id } });

/** Sends what waits and follows the task until its result is archived: the API's id of it. */
async function sendAndFinish(submissionId: string): Promise<string> {
  await dispatchOnce(t.engine);
  const upstreamId = (await getSubmission(database().db, { id: submissionId }))!.task_id!;
  await t.pollUntil(upstreamId, (task) => task.archive_state === "done");
  return upstreamId;
}

beforeAll(async () => {
  team = await seedTeam();
  const emu = emulator();
  const { apiKey } = await emu.account();
  t = await testEngine(emu, apiKey);
});

describe("a task made through the gateway", () => {
  it("goes by the gateway's id in the creation, GET /v1/tasks/{id}, the gallery, the task view, its page and the exports", async () => {
    const token = await tokenOf(team.member);
    const created = await call(images, "/v1/images/generations", {
      method: "POST",
      body: BODIES.gamma("one id for one harbour"),
      headers: { origin: "", authorization: `Bearer ${token}`, "idempotency-key": "one-id" },
    });
    expect(created.status).toBe(202);
    const id: string = created.json.id;
    const upstreamId = await sendAndFinish(id.slice("task_".length));
    expect(upstreamId).not.toBe(id); // the API's own id, which the gateway never answers

    // The gateway answers the same id by either id.
    expect((await read(token, id)).json).toMatchObject({ id, status: "succeeded" });
    expect((await read(token, upstreamId)).json).toMatchObject({ id, status: "succeeded" });
    // The gallery's card and the task view show (and link) it by the same id; Darkroom's own key stays the API's.
    const gallery = await call(tasksRoute, "/api/tasks", { cookie: team.viewer.cookie });
    expect(gallery.json.tasks.find((task: { id: string }) => task.id === upstreamId)).toMatchObject({ publicId: id });
    for (const named of [upstreamId, id]) {
      const view = await call(taskRoute, `/api/tasks/${named}`, { cookie: team.viewer.cookie, params: { id: named } });
      expect(view.status).toBe(200);
      expect(view.json.task).toMatchObject({ id: upstreamId, publicId: id });
    }
    // Its page (app/(dashboard)/tasks/[id]) finds it at /tasks/<the gateway's id>.
    expect(await findListedTask(database().db, id)).toMatchObject({ id: upstreamId });
    const csv = csvRecords(String((await call(tasksCsv, "/api/exports/tasks.csv", { cookie: team.admin.cookie })).json));
    expect(csv.filter((row) => row.task_id === id || row.task_id === upstreamId).map((row) => row.task_id)).toEqual([id]);

    // Another member's token sees neither id.
    const other = await tokenOf(team.admin);
    for (const named of [id, upstreamId]) expect((await read(other, named)).status).toBe(404);
  });

  it("answers the legacy dialect with the same id, by either id", async () => {
    const token = await tokenOf(team.member);
    const created = await call(legacyGenerate, "/api/video/generate", {
      method: "POST",
      body: { modelKey: "alpha-2.3", prompt: "a kite by its one id" },
      headers: { origin: "", "x-api-key": token, "idempotency-key": "one-legacy-id" },
    });
    expect(created.status).toBe(200);
    const id: string = created.json.taskId;
    const upstreamId = await sendAndFinish(id.slice("task_".length));
    for (const named of [id, upstreamId]) {
      const read = await call(legacyTask, `/api/video/task/${named}`, { headers: { "x-api-key": token }, params: { taskId: named } });
      expect(read.json).toMatchObject({ taskId: id, status: "SUCCEEDED" });
    }
  });
});

describe("a task made in the dashboard", () => {
  it("goes by the API's id, in the gallery and through the gateway alike", async () => {
    const submissionId = randomUUID();
    const made = await call(generations, "/api/generations", {
      method: "POST",
      cookie: team.member.cookie,
      body: { submissionId, runs: 1, request: BODIES.gamma("a dashboard harbour") },
    });
    expect(made.status).toBeLessThan(300);
    const upstreamId = await sendAndFinish(submissionId);
    const view = await call(taskRoute, `/api/tasks/${upstreamId}`, { cookie: team.member.cookie, params: { id: upstreamId } });
    expect(view.json.task).toMatchObject({ id: upstreamId, publicId: upstreamId });
    expect((await read(await tokenOf(team.member), upstreamId)).json).toMatchObject({ id: upstreamId, status: "succeeded" });
  });
});
