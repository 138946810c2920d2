// One suite, every driver: the local folder and the s3 driver against s3rver over HTTP.
import { randomBytes } from "node:crypto";
import { writeFile } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tempDir } from "@/emulator/testing";
import { startS3rver, type TestS3 } from "@/lib/testing/s3rver";
import { localStore } from "./local";
import { s3Store } from "./s3";
import { checkKey, MissingMedia, type MediaStore } from "./store";

let s3: TestS3;
beforeAll(async () => {
  s3 = await startS3rver();
});
afterAll(async () => s3?.close());

const drivers: [string, () => Promise<MediaStore>][] = [
  ["local", async () => localStore(await tempDir())],
  ["s3", async () => s3Store(s3.config)],
];

/** Compared as bytes: vitest's toEqual walks a Buffer element by element, seconds of CPU for a MiB. */
function expectSameBytes(actual: Buffer, expected: Buffer) {
  expect(actual.length).toBe(expected.length);
  expect(actual.equals(expected), "the bytes read back differ from those written").toBe(true);
}

async function bytesOf(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

describe.each(drivers)("%s media store", (_name, make) => {
  let store: MediaStore;
  beforeAll(async () => {
    store = await make();
  });

  it("passes its readiness test", async () => {
    await expect(store.test()).resolves.toBeUndefined();
  });

  it("keeps what it was given, and says how big it is", async () => {
    const bytes = randomBytes(70_000);
    await store.put("task_put/0.png", Readable.from([bytes.subarray(0, 1000), bytes.subarray(1000)]), "image/png");
    expect(await store.head("task_put/0.png")).toEqual({ size: 70_000 });
    expect(await store.exists("task_put/0.png")).toBe(true);
    expectSameBytes(await bytesOf(await store.get("task_put/0.png")), bytes);
  });

  it("reads byte ranges (video players seek with them)", async () => {
    const bytes = randomBytes(10_000);
    await store.put("task_range/0.mp4", Readable.from([bytes]), "video/mp4");
    expectSameBytes(await bytesOf(await store.get("task_range/0.mp4", { start: 100, end: 199 })), bytes.subarray(100, 200));
    expectSameBytes(await bytesOf(await store.get("task_range/0.mp4", { start: 9_990, end: 9_999 })), bytes.subarray(9_990));
  });

  it("streams a large upload through (several parts on s3)", async () => {
    const part = randomBytes(1024 * 1024);
    const chunks = function* () {
      for (let i = 0; i < 6; i += 1) yield part;
    };
    await store.put("task_large/0.mp4", Readable.from(chunks()), "video/mp4");
    expect(await store.head("task_large/0.mp4")).toEqual({ size: 6 * part.length });
    const tail = await bytesOf(await store.get("task_large/0.mp4", { start: 5 * part.length, end: 6 * part.length - 1 }));
    expectSameBytes(tail, part);
  });

  it("replaces an object written again under the same key", async () => {
    await store.put("task_again/0.png", Readable.from([Buffer.from("first")]), "image/png");
    await store.put("task_again/0.png", Readable.from([Buffer.from("second")]), "image/png");
    expect((await bytesOf(await store.get("task_again/0.png"))).toString()).toBe("second");
  });

  it("answers plainly for a key it does not hold", async () => {
    expect(await store.head("task_none/0.png")).toBeUndefined();
    expect(await store.exists("task_none/0.png")).toBe(false);
    await expect(store.get("task_none/0.png")).rejects.toBeInstanceOf(MissingMedia);
  });

  it("deletes, and deleting twice is fine", async () => {
    await store.put("task_delete/0.png", Readable.from([Buffer.from("x")]), "image/png");
    await store.delete("task_delete/0.png");
    await store.delete("task_delete/0.png");
    expect(await store.exists("task_delete/0.png")).toBe(false);
  });

  it.each(["../escape.png", "task_x/../../etc/passwd", "/etc/passwd", "task_x\\0.png", "task_x//0.png", "./0.png", ""])(
    "refuses the key %j",
    async (key) => {
      await expect(store.exists(key)).rejects.toThrow(/not a plain relative path/);
      await expect(store.put(key, Readable.from([Buffer.from("x")]), "image/png")).rejects.toThrow(/not a plain relative path/);
    },
  );
});

describe("readiness of a store that cannot work", () => {
  it("fails for a bucket that does not exist", async () => {
    await expect(s3Store({ ...s3.config, bucket: "no-such-bucket" }).test()).rejects.toThrow();
  });

  it("fails for a service that does not answer", async () => {
    await expect(s3Store({ ...s3.config, endpoint: "http://127.0.0.1:9" }).test()).rejects.toThrow();
  });

  it("fails for a folder it cannot create", async () => {
    const file = path.join(await tempDir(), "a-file");
    await writeFile(file, "");
    await expect(localStore(path.join(file, "media")).test()).rejects.toThrow();
  });
});

describe("checkKey", () => {
  it("accepts the archive's own keys", () => {
    expect(checkKey("task_abc/0.png")).toBe("task_abc/0.png");
    expect(checkKey(`h_${"a".repeat(32)}/1.thumb.webp`)).toBe(`h_${"a".repeat(32)}/1.thumb.webp`);
  });
});
