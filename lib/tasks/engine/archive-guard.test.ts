// Issue 14, item 7 in the engine: an upstream answer naming an address the SSRF guard refuses marks the
// archive attempt failed, with the reason, at once; the task's other results are archived as usual.
// Audit 25: a video result that is not an MP4 with listed codecs is refused the same way, before anything
// decodes it (the poster frame is the archive's only decoding of a video).
import { readFile } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { BODIES, emulatorForFile, FAST_TIMINGS, tempDir } from "@/emulator/testing";
import { database } from "@/lib/db";
import { getResults, getTaskRow, insertTask } from "@/lib/db/tasks";
import { posterFrame } from "@/lib/media/poster";
import { migrated } from "@/lib/testing/app";
import { testEngine } from "@/lib/testing/engine";
import { makeVideo } from "@/lib/testing/videos";
import { archiveTask } from "./archive";

vi.mock("@/lib/media/poster", async (original) => {
  const actual = await original<typeof import("@/lib/media/poster")>();
  return { ...actual, posterFrame: vi.fn(actual.posterFrame) };
});

// The next file in this worker gets the real module (vitest.config.ts: files share their worker).
afterAll(() => vi.doUnmock("@/lib/media/poster"));

const emulator = emulatorForFile({ timings: FAST_TIMINGS });

describe("archiving a result whose address the guard refuses", () => {
  beforeAll(migrated);

  it("fails the attempt with the reason, without retries, and keeps the good result", async () => {
    const emu = emulator();
    const { apiKey } = await emu.account();
    const t = await testEngine(emu, apiKey);
    const real = await emu.succeeded("images", apiKey, BODIES.gamma());
    const now = new Date().toISOString();
    await insertTask(database().db, {
      id: real.id,
      user_id: "user_test",
      model: "gamma-5-pro",
      kind: "image",
      status: "succeeded",
      created_at: now,
      updated_at: now,
    });
    const task = (await getTaskRow(database().db, { id: real.id }))!;
    const outcome = await archiveTask(t.engine, task, [{ url: real.data[0].url }, { url: "https://169.254.169.254/latest/meta-data/" }]);
    expect(outcome).toMatchObject({
      archive_state: "failed",
      archive_attempts: 1,
      archive_error: "The result was not downloaded: its address is not public (link-local).",
    });
    const [good, bad] = await getResults(database().db, { taskId: real.id });
    expect(good?.file).toBeTruthy();
    expect(bad?.file).toBeNull();
  });
});

describe("archiving a video result that is not an MP4", () => {
  beforeAll(migrated);

  let upstream: Server;
  let base: string;
  const served = new Map<string, Buffer>();
  beforeAll(async () => {
    // A hostile upstream over real HTTP: whatever it serves, it calls an MP4.
    upstream = createServer((request, response) => {
      const body = served.get(request.url ?? "");
      response.writeHead(body ? 200 : 404, { "content-type": "video/mp4" });
      response.end(body);
    });
    const port = await new Promise<number>((resolve) =>
      upstream.listen(0, "127.0.0.1", () => resolve((upstream.address() as { port: number }).port)),
    );
    base = `http://127.0.0.1:${port}`;
  });
  afterAll(() => new Promise((resolve) => upstream.close(resolve)));

  async function videoTask(id: string) {
    const now = new Date().toISOString();
    await insertTask(database().db, {
      id,
      user_id: "user_test",
      model: "alpha-2.3",
      kind: "video",
      status: "succeeded",
      created_at: now,
      updated_at: now,
    });
    return (await getTaskRow(database().db, { id }))!;
  }

  it("refuses an AVI or a Matroska file with the reason on the task, decodes nothing, and archives a real MP4", async () => {
    const emu = emulator();
    const { apiKey } = await emu.account();
    const t = await testEngine(emu, apiKey);
    t.engine.upstreamBaseUrl = base;
    const dir = await tempDir();
    served.set("/crafted.avi", await readFile(makeVideo(path.join(dir, "crafted.avi"), { codec: "mpeg4" })));
    served.set("/crafted.mkv", await readFile(makeVideo(path.join(dir, "crafted.mkv"), { codec: "libx264" })));
    const real = await emu.succeeded("videos", apiKey, BODIES.epsilon());
    served.set("/real.mp4", (await emu.media(real.data[0].url)).bytes);
    vi.mocked(posterFrame).mockClear();

    for (const name of ["crafted.avi", "crafted.mkv"]) {
      const task = await videoTask(`task_${name.replace(".", "_")}`);
      expect(await archiveTask(t.engine, task, [{ url: `${base}/${name}` }])).toEqual({
        archive_state: "failed",
        archive_attempts: 1,
        archive_error:
          "The video was not archived: it is not an MP4 file. Darkroom accepts MP4 with H.264, HEVC or AV1 video and AAC, Opus or MP3 audio.",
      });
      expect((await getResults(database().db, { taskId: task.id }))[0]?.file).toBeNull();
    }
    expect(posterFrame).not.toHaveBeenCalled();

    const task = await videoTask("task_real_mp4");
    expect(await archiveTask(t.engine, task, [{ url: `${base}/real.mp4` }])).toEqual({ archive_state: "done", archive_error: null });
    expect(posterFrame).toHaveBeenCalledTimes(1);
    expect((await getResults(database().db, { taskId: task.id }))[0]).toMatchObject({
      content_type: "video/mp4",
      file: expect.any(String),
    });
  });
});
