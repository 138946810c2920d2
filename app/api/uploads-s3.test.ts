// Uploads with MEDIA_STORE=s3 (s3rver over HTTP) and no PUBLIC_BASE_URL: the file goes to the bucket and
// the link is a presigned GET that works without any session and stops working when it expires. Also: when
// no link could reach the API, uploads are refused up front with what to configure.
import sharp from "sharp";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { startS3rver } from "@/lib/testing/s3rver";
import { testImage } from "@/lib/testing/images";

const s3 = await startS3rver({ bucket: "darkroom-uploads" });
Object.assign(process.env, s3.env);
delete process.env.PUBLIC_BASE_URL;
const { GET: capability, POST: upload } = await import("@/app/api/uploads/route");
const { ORIGIN, expectError, seedTeam } = await import("@/lib/testing/app");
const { mediaStore } = await import("@/lib/media/store");
const { linkMode, NO_LINK_MESSAGE, uploadCapability } = await import("@/lib/media/uploads/link");

afterAll(async () => s3.close());
afterEach(() => vi.useRealTimers());

let cookie: string;
beforeAll(async () => {
  cookie = (await seedTeam()).member.cookie;
});

async function post(body: Buffer) {
  const request = new Request(`${ORIGIN}/api/uploads`, {
    method: "POST",
    headers: { origin: ORIGIN, cookie, "content-type": "image/png", "x-file-name": "x.png" },
    body: body as BodyInit,
  });
  const response = await upload(request, { params: Promise.resolve({}) });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read the shape they expect
  return { status: response.status, json: (await response.json()) as Record<string, any> };
}

describe("POST /api/uploads on the s3 store", () => {
  it("stores the cleaned file in the bucket and answers a presigned link that works without a session", async () => {
    expect(mediaStore().kind).toBe("s3");
    const answer = await post(await testImage("jpeg"));
    expect(answer.status).toBe(201);
    const url = new URL(answer.json.url);
    expect(url.origin).toBe(s3.config.endpoint);
    expect(url.pathname).toMatch(/^\/darkroom-uploads\/uploads\/up_[0-9a-f]{32}\.jpg$/);
    expect(url.searchParams.get("X-Amz-Expires")).toBe(String(24 * 3600));
    const fetched = await fetch(url);
    expect(fetched.status).toBe(200);
    const bytes = Buffer.from(await fetched.arrayBuffer());
    expect(fetched.headers.get("content-type")).toBe("image/jpeg");
    const meta = await sharp(bytes).metadata();
    expect({ format: meta.format, exif: meta.exif, width: meta.width, height: meta.height }).toEqual({
      format: "jpeg",
      exif: undefined,
      width: 20,
      height: 40,
    });
  });

  it("answers a link that no longer works once it has expired", async () => {
    // Uploaded "25 hours ago": the presigned link (24 h) has run out by now.
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() - 25 * 3600_000 });
    const answer = await post(await testImage("png"));
    vi.useRealTimers();
    expect(answer.status).toBe(201);
    const fetched = await fetch(answer.json.url);
    expect(fetched.status).toBe(403);
    expect(await fetched.text()).toMatch(/expired/);
  });

  it("says uploads are available", async () => {
    const response = await capability(new Request(`${ORIGIN}/api/uploads`, { headers: { cookie } }), { params: Promise.resolve({}) });
    expect(((await response.json()) as { available: boolean }).available).toBe(true);
  });
});

describe("when no link can reach the API", () => {
  it("picks PUBLIC_BASE_URL, then S3 on AWS or HTTPS, else none", () => {
    const none = { PUBLIC_BASE_URL: undefined, MEDIA_STORE: "local" as const, S3_ENDPOINT: undefined };
    expect(linkMode(none)).toBe("none");
    expect(linkMode({ ...none, PUBLIC_BASE_URL: "https://darkroom.example.com" })).toBe("public");
    expect(linkMode({ ...none, MEDIA_STORE: "s3" })).toBe("s3");
    expect(linkMode({ ...none, MEDIA_STORE: "s3", S3_ENDPOINT: "https://s3.example.com" })).toBe("s3");
    expect(linkMode({ ...none, MEDIA_STORE: "s3", S3_ENDPOINT: "http://minio:9000" })).toBe("none");
    expect(linkMode({ ...none, MEDIA_STORE: "s3", S3_ENDPOINT: "http://minio:9000", PUBLIC_BASE_URL: "https://d.example.com" })).toBe(
      "public",
    );
  });

  it("answers the capability with exactly what to configure", () => {
    const answer = uploadCapability("none");
    expect(answer).toMatchObject({ available: false, message: NO_LINK_MESSAGE });
    expect(NO_LINK_MESSAGE).toMatch(/Set PUBLIC_BASE_URL to this dashboard's public HTTPS address, or use S3 storage \(MEDIA_STORE=s3/);
  });
});

describe("an upload where no link can reach the API", () => {
  it("is refused before the file is read, with what to configure", async () => {
    vi.stubEnv("S3_ENDPOINT", "http://minio.internal:9000");
    vi.resetModules();
    try {
      const { POST } = await import("@/app/api/uploads/route");
      // A body that would never end: the refusal must come without reading it.
      const endless = new ReadableStream<Uint8Array>({ pull: (controller) => controller.enqueue(new Uint8Array(65_536)) });
      const request = new Request(`${ORIGIN}/api/uploads`, {
        method: "POST",
        headers: { origin: ORIGIN, cookie },
        body: endless,
        // @ts-expect-error -- Node's fetch needs it for a streamed body; the DOM types do not know it
        duplex: "half",
      });
      const response = await POST(request, { params: Promise.resolve({}) });
      // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read the shape they expect
      const body = (await response.json()) as any;
      expectError({ status: response.status, json: body }, 409, "conflict:uploads_unavailable");
      expect(body.error.message).toBe(NO_LINK_MESSAGE);
    } finally {
      vi.unstubAllEnvs();
    }
  });
});
