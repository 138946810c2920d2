// "Use last frame" (issue 27): the last frame of a real video from the emulator, archived by the engine, becomes
// the member's upload (the same uploads the forms make), a PNG of the video's own size whose link the API can fetch.
import path from "node:path";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { BODIES, emulatorForFile, FAST_TIMINGS } from "@/emulator/testing";

process.env.PUBLIC_BASE_URL = "https://darkroom.example.com";
const { POST: lastFrame } = await import("@/app/api/tasks/[id]/last-frame/route");
const { GET: link } = await import("@/app/u/[id]/[file]/route");
const { call, expectError, expectNoInternals, ORIGIN, seedTeam } = await import("@/lib/testing/app");
const { database } = await import("@/lib/db");
const { getResults } = await import("@/lib/db/tasks");
const { getSubmission } = await import("@/lib/db/submissions");
const { dispatchOnce } = await import("@/lib/tasks/engine/dispatch");
const { testEngine } = await import("@/lib/testing/engine");
const { posterFrame } = await import("@/lib/media/poster");
const { env } = await import("@/lib/env");

const emulator = emulatorForFile({ timings: FAST_TIMINGS });
type Team = Awaited<ReturnType<typeof seedTeam>>;
let team: Team;
let video = "";
let image = "";

const post = (taskId: string, cookie: string, body: unknown = {}) =>
  call(lastFrame, `/api/tasks/${taskId}/last-frame`, { method: "POST", cookie, body, params: { id: taskId } });

beforeAll(async () => {
  team = await seedTeam();
  const emu = emulator();
  const { apiKey } = await emu.account();
  const t = await testEngine(emu, apiKey);
  const [videoSubmission] = await t.submit(BODIES.epsilon("a lighthouse beam turning"));
  const [imageSubmission] = await t.submit(BODIES.gamma());
  expect(await dispatchOnce(t.engine)).toBe(2);
  const taskOf = async (id: string) => (await getSubmission(database().db, { id }))!.task_id!;
  video = await taskOf(videoSubmission!);
  image = await taskOf(imageSubmission!);
  for (const id of [video, image]) await t.pollUntil(id, (task) => task.archive_state === "done");
});

describe("POST /api/tasks/{id}/last-frame", () => {
  it("stores the video's last frame as an upload of the video's size, served by its link", async () => {
    const answer = await post(video, team.member.cookie);
    expect(answer.status).toBe(201);
    const [result] = await getResults(database().db, { taskId: video });
    expect(answer.json).toEqual({
      id: expect.stringMatching(/^up_/),
      url: expect.stringMatching(/^https:\/\/darkroom\.example\.com\/u\/up_/),
      expiresAt: expect.any(String),
      width: result!.width,
      height: result!.height,
      contentType: "image/png",
      size: expect.any(Number),
    });
    expect(result!.width).toBeGreaterThan(0);

    // The link the API will fetch answers the PNG itself, without a session.
    const [, id = "", file = ""] = /\/u\/([^/]+)\/([^/]+)$/.exec(new URL(answer.json.url).pathname) ?? [];
    const served = await link(new Request(`${ORIGIN}/u/${id}/${file}`), { params: Promise.resolve({ id, file }) });
    expect(served.status).toBe(200);
    const bytes = Buffer.from(await served.arrayBuffer());
    expect(await sharp(bytes).metadata()).toMatchObject({ format: "png", width: result!.width, height: result!.height });

    // The last frame, not the poster (the first): the emulator's video moves.
    const first = await posterFrame(path.join(env.MEDIA_DIR, result!.file!));
    const pixels = async (png: Buffer) => (await sharp(png).removeAlpha().raw().toBuffer()).toString("base64");
    expect(await pixels(bytes)).not.toBe(await pixels(first));
  });

  it("refuses an image, an unknown task, a bad index and a viewer, with words", async () => {
    const refused = await post(image, team.member.cookie);
    expectError(refused, 409, "conflict:last_frame");
    expectNoInternals(refused.json);
    expectError(await post("task_nothing", team.member.cookie), 404, "not_found:task");
    expect((await post(video, team.member.cookie, { index: -1 })).status).toBe(422);
    expect((await post(video, team.member.cookie, { index: 3 })).status).toBe(409);
    expect((await post(video, team.viewer.cookie)).status).toBe(403);
  });
});
