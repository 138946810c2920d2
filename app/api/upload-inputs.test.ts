// The thumbnail of an image uploaded as a task's input (GET /api/media/{task}/inputs/{upload}): what the task's
// lineage shows (issue 45). Only through a task that names the upload, to whoever may open that task's page (as
// its results are); kept after the upload's link ends and its file is removed.
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { testImage } from "@/lib/testing/images";

process.env.PUBLIC_BASE_URL = "https://darkroom.example.com";
const { POST: upload } = await import("@/app/api/uploads/route");
const inputRoute = await import("@/app/api/media/[taskId]/inputs/[uploadId]/route");
const { ORIGIN, seedTeam } = await import("@/lib/testing/app");
const { database } = await import("@/lib/db");
const { insertTask } = await import("@/lib/db/tasks");
const { mediaStore } = await import("@/lib/media/store");
const { removeExpiredUploads } = await import("@/lib/media/uploads/service");

type Team = Awaited<ReturnType<typeof seedTeam>>;
let team: Team;
let uploaded: { id: string; url: string };

async function task(id: string, params: Record<string, unknown>, { hidden = false } = {}) {
  const at = new Date().toISOString();
  await insertTask(database().db, {
    id,
    user_id: team.member.member.id,
    model: "gamma-5-pro",
    kind: "image",
    params: JSON.stringify({ model: "gamma-5-pro", prompt: "from a sketch", ...params }),
    prompt: "from a sketch",
    status: "succeeded",
    archive_state: "done",
    hidden: hidden ? 1 : 0,
    created_at: at,
    updated_at: at,
  });
}

const get = (taskId: string, uploadId: string, cookie = team.viewer.cookie) =>
  inputRoute.GET(new Request(`${ORIGIN}/api/media/${taskId}/inputs/${uploadId}`, { headers: { cookie } }), {
    params: Promise.resolve({ taskId, uploadId }),
  });

beforeAll(async () => {
  team = await seedTeam();
  const request = new Request(`${ORIGIN}/api/uploads`, {
    method: "POST",
    headers: { origin: ORIGIN, cookie: team.member.cookie, "content-type": "application/octet-stream", "x-file-name": "sketch.png" },
    body: (await testImage("png")) as BodyInit,
  });
  const answer = await upload(request, { params: Promise.resolve({}) });
  expect(answer.status).toBe(201);
  uploaded = (await answer.json()) as { id: string; url: string };
  await task("task_from_upload", { image_urls: [uploaded.url] });
  await task("task_not_from_it", { image_urls: ["https://images.example.com/cat.png"] });
  await task("task_hidden", { image_urls: [uploaded.url] }, { hidden: true });
});

describe("GET /api/media/{task}/inputs/{upload}", () => {
  it("serves the upload's thumbnail to anyone signed in, a viewer included, as the task's results are", async () => {
    const answer = await get("task_from_upload", uploaded.id);
    expect(answer.status).toBe(200);
    // A task hidden from the team still opens on its own page (to be shown again): its inputs with it.
    expect((await get("task_hidden", uploaded.id)).status).toBe(200);
    expect((await get("task_from_upload", uploaded.id, "")).status).toBe(401);
    expect(answer.headers.get("content-type")).toBe("image/webp");
    expect(answer.headers.get("cache-control")).toMatch(/^private/);
  });

  it("serves nothing through a task that does not name the upload, or no task", async () => {
    for (const taskId of ["task_not_from_it", "task_unknown"]) {
      expect((await get(taskId, uploaded.id)).status, taskId).toBe(404);
    }
  });

  it("keeps the thumbnail once the upload's link has ended and its file is gone", async () => {
    await database()
      .db.updateTable("uploads")
      .set({ expires_at: new Date(0).toISOString() })
      .where("id", "=", uploaded.id)
      .execute();
    expect(await removeExpiredUploads()).toBeGreaterThan(0);
    const answer = await get("task_from_upload", uploaded.id);
    expect(answer.status).toBe(200);
    const bytes = Buffer.from(await answer.arrayBuffer());
    expect((await sharp(bytes).metadata()).format).toBe("webp");
    expect(await mediaStore().exists(`uploads/${uploaded.id}.png`)).toBe(false);
  });
});
