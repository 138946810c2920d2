// Uploading a local image as an input, on the local media store with PUBLIC_BASE_URL: what is accepted,
// what is refused and how, metadata stripped, the link served without a session until it expires.
import sharp from "sharp";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { SVG, testImage } from "@/lib/testing/images";

process.env.PUBLIC_BASE_URL = "https://darkroom.example.com";
const { GET: capability, POST: upload } = await import("@/app/api/uploads/route");
const { GET: link } = await import("@/app/u/[id]/[file]/route");
const { POST: generate } = await import("@/app/api/generations/route");
const { publicHttpsUrlProblem } = await import("@/lib/models/urls");
const { ORIGIN, call, expectError, expectNoInternals, seedTeam } = await import("@/lib/testing/app");
const { database } = await import("@/lib/db");
const { mediaStore } = await import("@/lib/media/store");
const { UPLOAD_MAX_BYTES } = await import("@/lib/schemas/uploads");

type Team = Awaited<ReturnType<typeof seedTeam>>;
let team: Team;
beforeAll(async () => {
  team = await seedTeam();
});
afterEach(() => vi.useRealTimers());

function post(
  body: Uint8Array | ReadableStream<Uint8Array>,
  { cookie = team.member.cookie, name = "photo.png", headers = {} as Record<string, string> } = {},
) {
  const request = new Request(`${ORIGIN}/api/uploads`, {
    method: "POST",
    headers: { origin: ORIGIN, cookie, "content-type": "application/octet-stream", "x-file-name": encodeURIComponent(name), ...headers },
    body: body as BodyInit,
    // @ts-expect-error -- Node's fetch needs it for a streamed body; the DOM types do not know it
    duplex: "half",
  });
  return upload(request, { params: Promise.resolve({}) });
}

async function json(response: Response) {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read the shape they expect
  return { status: response.status, json: (await response.json()) as Record<string, any>, headers: response.headers };
}

/** GETs a link the way the API would: no cookie, no origin. */
async function fetchLink(url: string) {
  const [, id = "", file = ""] = /\/u\/([^/]+)\/([^/]+)$/.exec(new URL(url).pathname) ?? [];
  const response = await link(new Request(`${ORIGIN}/u/${id}/${file}`), { params: Promise.resolve({ id, file }) });
  return { status: response.status, headers: response.headers, bytes: Buffer.from(await response.arrayBuffer()) };
}

describe("POST /api/uploads (local store, PUBLIC_BASE_URL)", () => {
  it.each(["png", "jpeg", "webp"] as const)("accepts a %s, strips its metadata and answers a link the API can fetch", async (format) => {
    const original = await testImage(format);
    expect((await sharp(original).metadata()).exif).toBeDefined();
    const answer = await json(await post(original, { name: `photo.${format}` }));
    expect(answer.status).toBe(201);
    const { id, url, expiresAt, width, height } = answer.json;
    expect(url).toMatch(new RegExp(`^https://darkroom\\.example\\.com/u/${id}/[A-Za-z0-9_-]{43}\\.(png|jpg|webp)$`));
    expect(Date.parse(expiresAt) - Date.now()).toBeGreaterThan(23 * 3600_000);
    // The JPEG carried EXIF orientation 6: the pixels are turned, the tag is gone.
    expect([width, height]).toEqual(format === "jpeg" ? [20, 40] : [40, 20]);

    const served = await fetchLink(url);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe(`image/${format}`);
    expect(served.headers.get("cache-control")).toMatch(/^private/);
    const meta = await sharp(served.bytes).metadata();
    expect(meta.format).toBe(format);
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    expect(served.bytes.includes(Buffer.from("Secret Camera Owner"))).toBe(false);

    const row = await database().db.selectFrom("uploads").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      user_id: team.member.member.id,
      content_type: `image/${format}`,
      width,
      height,
      size: served.bytes.length,
    });
    expect(row.key).toMatch(/^uploads\/up_[0-9a-f]{32}\.(png|jpg|webp)$/);
    expect(await mediaStore().exists(row.key)).toBe(true);
  });

  it.each([
    ["a GIF", () => testImage("gif"), /GIF image, not a PNG, JPEG or WebP/],
    ["an SVG", async () => SVG, /SVG drawing, not a PNG, JPEG or WebP/],
    ["text", async () => Buffer.from("just some text, honest"), /not an image Darkroom can read/],
  ])("refuses %s renamed .png, saying what it is", async (_name, make, message) => {
    const answer = await json(await post(await make(), { name: "holiday.png" }));
    expectError(answer, 415, "unsupported_media_type:upload");
    expect(answer.json.error.message).toMatch(message);
    expect(answer.json.error.message).toMatch(/holiday\.png/);
    expect(answer.json.error.message).toMatch(/PNG, JPEG or WebP/);
  });

  it("refuses a damaged file that starts like a PNG", async () => {
    const png = await testImage("png", { width: 400, height: 300 });
    const answer = await json(await post(png.subarray(0, Math.floor(png.length / 2))));
    expectError(answer, 415, "unsupported_media_type:upload");
    expect(answer.json.error.message).toMatch(/damaged or incomplete/);
  });

  it("refuses 20 MB + 1 byte while it streams, without reading the rest", async () => {
    const chunk = new Uint8Array(1024 * 1024);
    let sent = 0;
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        sent += chunk.byteLength;
        controller.enqueue(chunk);
      },
    });
    const answer = await json(await post(endless));
    expectError(answer, 413, "payload_too_large:upload");
    expect(answer.json.error.message).toMatch(/20 MB/);
    expect(sent).toBeLessThan(UPLOAD_MAX_BYTES + 3 * chunk.byteLength);

    const exact = new Uint8Array(UPLOAD_MAX_BYTES + 1);
    expectError(await json(await post(exact)), 413, "payload_too_large:upload");
  });

  it("is for members and admins: a viewer is refused, and nobody signed out", async () => {
    const png = await testImage("png");
    expectError(await json(await post(png, { cookie: team.viewer.cookie })), 403, "forbidden:role");
    expectError(await json(await post(png, { cookie: "" })), 401, "unauthorized:session");
    expect((await post(png, { cookie: team.admin.cookie })).status).toBe(201);
  });

  it("refuses a cross-site POST itself (proxy.ts does not run here)", async () => {
    const png = await testImage("png");
    const answer = await json(await post(png, { headers: { origin: "https://evil.example", "sec-fetch-site": "cross-site" } }));
    expectError(answer, 403, "forbidden:cross_site");
    expect(answer.headers.get("cache-control")).toBe("no-store");
    expect(answer.headers.get("x-content-type-options")).toBe("nosniff");
  });

  it("serves the link until it expires, then 404s; a token of another upload fails", async () => {
    const first = (await json(await post(await testImage("png")))).json;
    const second = (await json(await post(await testImage("webp")))).json;
    const token = (url: string) => /\/([A-Za-z0-9_-]{43})\.\w+$/.exec(url)![1]!;
    const swapped = String(first.url).replace(token(first.url), token(second.url));
    const answer = await fetchLink(swapped);
    expect(answer.status).toBe(404);
    expectNoInternals(answer.bytes.toString());
    expect((await fetchLink(String(first.url).replace(/\.png$/, ".jpg"))).status).toBe(404);

    vi.useFakeTimers({ toFake: ["Date"], now: Date.parse(first.expiresAt) - 1000 });
    expect((await fetchLink(first.url)).status).toBe(200);
    vi.setSystemTime(Date.parse(first.expiresAt) + 1000);
    expect((await fetchLink(first.url)).status).toBe(404);

    // The next upload removes what has expired, row and file.
    const row = await database().db.selectFrom("uploads").selectAll().where("id", "=", first.id).executeTakeFirstOrThrow();
    expect((await post(await testImage("png"))).status).toBe(201);
    expect(await database().db.selectFrom("uploads").select("id").where("id", "=", first.id).executeTakeFirst()).toBeUndefined();
    expect(await mediaStore().exists(row.key)).toBe(false);
  });

  it("says uploads are available", async () => {
    const request = new Request(`${ORIGIN}/api/uploads`, { headers: { cookie: team.viewer.cookie } });
    const answer = await json(await capability(request, { params: Promise.resolve({}) }));
    expect(answer.json).toEqual({ available: true, maxBytes: UPLOAD_MAX_BYTES, types: ["image/png", "image/jpeg", "image/webp"] });
  });
});

describe("the one exception to the HTTPS rule: a loopback upload link", () => {
  const loopback = `http://127.0.0.1:3171/u/up_${"a".repeat(32)}/${"b".repeat(43)}.png`;

  it("passes the form's URL rule, and nothing else on loopback does", () => {
    expect(publicHttpsUrlProblem(loopback)).toBeNull();
    expect(publicHttpsUrlProblem("http://127.0.0.1:3171/api/tasks")).toMatch(/does not start with https/);
    expect(publicHttpsUrlProblem(`http://10.0.0.1:3171/u/up_${"a".repeat(32)}/${"b".repeat(43)}.png`)).not.toBeNull();
  });

  it("is refused by the server when it is not under this Darkroom's PUBLIC_BASE_URL", async () => {
    const answer = await call(generate, "/api/generations", {
      method: "POST",
      cookie: team.member.cookie,
      body: { submissionId: crypto.randomUUID(), request: { model: "gamma-5-pro", prompt: "a lighthouse", image_urls: [loopback] } },
    });
    expectError(answer, 422, "invalid:body");
    expect(Object.values(answer.json.error.fields ?? {})).toContain(
      "That upload link is not one of this Darkroom's; upload the image again.",
    );
  });
});
