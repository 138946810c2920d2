// Issue 14, item 6: an earlier result used as an input is sent to the upstream by its upstream URL, but
// viewers, task views and ZIP sidecars see only Darkroom's own link to it.
import { execFileSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { writeFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { GET as getZip } from "@/app/api/downloads/[id]/route";
import { POST as askZip } from "@/app/api/downloads/route";
import { POST as generate } from "@/app/api/generations/route";
import { GET as getOne } from "@/app/api/tasks/[id]/route";
import { GET as list } from "@/app/api/tasks/route";
import { BODIES, emulatorForFile, FAST_TIMINGS, tempDir } from "@/emulator/testing";
import { database } from "@/lib/db";
import { getSubmission } from "@/lib/db/submissions";
import { relinkReusedResults } from "@/lib/db/migrations/0010-task-hides";
import { getResults, insertTask, upsertResults } from "@/lib/db/tasks";
import { dispatchOnce } from "@/lib/tasks/engine/dispatch";
import { call, ORIGIN, seedTeam, type Team } from "@/lib/testing/app";
import { testEngine } from "@/lib/testing/engine";

const emulator = emulatorForFile({ timings: FAST_TIMINGS });
let team: Team;

beforeAll(async () => {
  team = await seedTeam();
});

describe("a reused result's upstream URL", () => {
  it("is sent upstream, but views, lists and ZIP sidecars show Darkroom's link", async () => {
    const emu = emulator();
    const { apiKey } = await emu.account();
    const t = await testEngine(emu, apiKey);
    const [sourceSubmission] = await t.submit(BODIES.gamma("the source image"));
    await dispatchOnce(t.engine);
    const sourceId = (await getSubmission(database().db, { id: sourceSubmission! }))!.task_id!;
    await t.pollUntil(sourceId, (task) => task.archive_state === "done");
    const upstreamUrl = (await getResults(database().db, { taskId: sourceId }))[0]!.upstream_url;
    const link = `/api/media/${sourceId}/0`;

    const made = await call(generate, "/api/generations", {
      method: "POST",
      cookie: team.member.cookie,
      body: { submissionId: randomUUID(), request: { model: "alpha-2.3-fast", prompt: "the harbour comes alive", image_url: link } },
    });
    expect(made.status).toBe(202);
    const submissionId = made.json.submissions[0].id as string;
    await dispatchOnce(t.engine);
    const submission = (await getSubmission(database().db, { id: submissionId }))!;
    expect(JSON.parse(submission.body).image_url).toBe(upstreamUrl); // what the upstream was sent
    const childId = submission.task_id!;
    expect(childId).toMatch(/^task_/);

    const { host } = new URL(emu.url);
    const detail = await call(getOne, `/api/tasks/${childId}`, { cookie: team.viewer.cookie, params: { id: childId } });
    expect(detail.json.task.params.image_url).toBe(link);
    const listed = await call(list, "/api/tasks?limit=50", { cookie: team.viewer.cookie });
    expect(listed.json.tasks.find((task: { id: string }) => task.id === childId).params.image_url).toBe(link);
    for (const text of [JSON.stringify(detail.json), JSON.stringify(listed.json)]) expect(text).not.toContain(host);

    const asked = await call(askZip, "/api/downloads", { method: "POST", cookie: team.viewer.cookie, body: { taskIds: [childId] } });
    expect(asked.status).toBe(201);
    const id = String(asked.json.url).split("/").at(-1)!;
    const response = await getZip(new Request(`${ORIGIN}${asked.json.url}`, { headers: { origin: ORIGIN, cookie: team.viewer.cookie } }), {
      params: Promise.resolve({ id }),
    });
    const zip = path.join(await tempDir(), "selection.zip");
    writeFileSync(zip, Buffer.from(await response.arrayBuffer()));
    const sidecar = execFileSync("unzip", ["-p", zip, "*.json"], { encoding: "utf8" });
    expect(JSON.parse(sidecar).request.image_url).toBe(link);
    expect(execFileSync("unzip", ["-p", zip], { encoding: "latin1" })).not.toContain(host);
  });
});

describe("rows stored before the fix", () => {
  it("get Darkroom's link back in their shown request; the sent body keeps the upstream's URL", async () => {
    const { db } = database();
    const now = new Date().toISOString();
    const upstreamUrl = "https://cdn.upstream.example/media/abc.png";
    await insertTask(db, {
      id: "task_old_source",
      model: "gamma-5-pro",
      kind: "image",
      status: "succeeded",
      created_at: now,
      updated_at: now,
    });
    await upsertResults(db, { taskId: "task_old_source", urls: [{ url: upstreamUrl }] });
    const params = JSON.stringify({ model: "alpha-2.3-fast", prompt: "old", image_url: upstreamUrl, nested: [{ image_url: upstreamUrl }] });
    await insertTask(db, {
      id: "task_old_child",
      model: "alpha-2.3-fast",
      kind: "video",
      params,
      status: "pending",
      created_at: now,
      updated_at: now,
    });
    await relinkReusedResults(db);
    const child = await call(getOne, "/api/tasks/task_old_child", { cookie: team.viewer.cookie, params: { id: "task_old_child" } });
    expect(child.json.task.params).toEqual({
      model: "alpha-2.3-fast",
      prompt: "old",
      image_url: "/api/media/task_old_source/0",
      nested: [{ image_url: "/api/media/task_old_source/0" }],
    });
  });
});
