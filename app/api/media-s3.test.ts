// The media routes and ZIP downloads with MEDIA_STORE=s3 (s3rver over HTTP): what one instance archived,
// any instance serves, byte ranges included. The environment must name the store before lib/env.ts is
// first imported, so the app's modules are imported after s3rver is up.
import { execFileSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tempDir } from "@/emulator/testing";
import { s3Store } from "@/lib/media/store/s3";
import { startS3rver } from "@/lib/testing/s3rver";

const s3 = await startS3rver({ bucket: "darkroom-routes" });
Object.assign(process.env, s3.env);
const { GET: media } = await import("@/app/api/media/[taskId]/[index]/route");
const { GET: thumbnail } = await import("@/app/api/media/[taskId]/[index]/thumbnail/route");
const { POST: askZip } = await import("@/app/api/downloads/route");
const { GET: zip } = await import("@/app/api/downloads/[id]/route");
const { call, seedTeam } = await import("@/lib/testing/app");
const { seedTaskFixtures } = await import("@/lib/testing/tasks");
const { mediaStore } = await import("@/lib/media/store");

afterAll(async () => s3.close());

async function bytesOf(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

describe("media routes on the s3 store", () => {
  let cookie: string;
  let original: Buffer;
  const taskId = "task_fixture_view";

  beforeAll(async () => {
    const team = await seedTeam();
    await seedTaskFixtures(team);
    cookie = team.viewer.cookie;
    expect(mediaStore().kind).toBe("s3");
    // Read back through a second client, as another instance would.
    original = await bytesOf(await s3Store(s3.config).get(`${taskId}/0.png`));
  });

  it("serves a result and its thumbnail from the bucket", async () => {
    const params = { taskId, index: "0" };
    const full = await fetchBytes(await media(request(`/api/media/${taskId}/0`), { params: Promise.resolve(params) }));
    expect(full.status).toBe(200);
    expect(full.bytes).toEqual(original);
    const thumb = await thumbnail(request(`/api/media/${taskId}/0/thumbnail`), { params: Promise.resolve(params) });
    expect(thumb.status).toBe(200);
    expect(thumb.headers.get("content-type")).toBe("image/webp");
  });

  it("serves the phones' thumbnail width (?w=240) stored beside the thumbnail in the bucket", async () => {
    const { thumbnailKeyAt } = await import("@/lib/media/paths");
    const { SMALL_THUMBNAIL_WIDTH } = await import("@/lib/media/widths");
    const small = Buffer.from("small thumbnail bytes");
    await mediaStore().put(thumbnailKeyAt(`${taskId}/0.thumb.webp`, SMALL_THUMBNAIL_WIDTH), Readable.from([small]), "image/webp");
    const response = await thumbnail(request(`/api/media/${taskId}/0/thumbnail?w=240`), {
      params: Promise.resolve({ taskId, index: "0" }),
    });
    expect(response.status).toBe(200);
    expect((await fetchBytes(response)).bytes).toEqual(small);
  });

  it("answers byte ranges from the bucket", async () => {
    const response = await media(request(`/api/media/${taskId}/0`, { range: "bytes=2-9" }), {
      params: Promise.resolve({ taskId, index: "0" }),
    });
    expect(response.status).toBe(206);
    expect(response.headers.get("content-range")).toBe(`bytes 2-9/${original.length}`);
    expect((await fetchBytes(response)).bytes).toEqual(original.subarray(2, 10));
  });

  it("streams a ZIP whose file comes from the bucket", async () => {
    const asked = await call(askZip, "/api/downloads", { method: "POST", cookie, body: { taskIds: [taskId] } });
    expect(asked.status).toBe(201);
    const id = String(asked.json.url).split("/").pop()!;
    const response = await zip(request(`/api/downloads/${id}`), { params: Promise.resolve({ id }) });
    expect(response.status).toBe(200);
    const file = path.join(await tempDir(), "selection.zip");
    writeFileSync(file, (await fetchBytes(response)).bytes);
    const names = execFileSync("unzip", ["-Z1", file], { encoding: "utf8" }).trim().split("\n");
    const png = names.find((name) => name.endsWith(".png"))!;
    expect(execFileSync("unzip", ["-p", file, png])).toEqual(original);
  });

  function request(pathname: string, headers: Record<string, string> = {}) {
    return new Request(`http://localhost:3000${pathname}`, { headers: { cookie, origin: "http://localhost:3000", ...headers } });
  }
});

async function fetchBytes(response: Response) {
  return { status: response.status, bytes: Buffer.from(await response.arrayBuffer()) };
}
