// The ZIP stream on its own: what unzip sees, that it is built as it is read (backpressure, flat memory),
// and that a client hanging up stops it.
import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { createReadStream, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { csvField } from "./sidecar";
import { safeEntryName, toWebStream, zipArchive, zipStream } from "./zip";

const FILES = 30;
const FILE_BYTES = 2.5 * 1024 * 1024; // 75 MB in all
let dir: string;
let big: string[];

const fromFile = (file: string) => async () => createReadStream(file);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function drain(stream: ReadableStream<Uint8Array>, onChunk: (bytes: number) => void = () => {}): Promise<number> {
  const reader = stream.getReader();
  let total = 0;
  for (let read = await reader.read(); !read.done; read = await reader.read()) {
    total += read.value.byteLength;
    onChunk(total);
  }
  return total;
}

beforeAll(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), "darkroom-zip-"));
  // Random bytes do not compress: a ZIP built in memory would have to hold all 75 MB at once.
  big = Array.from({ length: FILES }, (_, i) => {
    const file = path.join(dir, `${i}.bin`);
    writeFileSync(file, randomBytes(FILE_BYTES));
    return file;
  });
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("zipStream", () => {
  it("makes a ZIP that unzip lists and extracts, media stored, texts deflated", async () => {
    const png = path.join(dir, "tiny.png");
    writeFileSync(png, Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(64)]));
    const bytes = Buffer.from(
      await new Response(
        zipStream([
          { name: "a.png", open: fromFile(png) },
          { name: "notes.json", data: JSON.stringify({ a: "x".repeat(2000) }) },
        ]),
      ).arrayBuffer(),
    );
    const zip = path.join(dir, "small.zip");
    writeFileSync(zip, bytes);
    const listing = execFileSync("unzip", ["-v", zip], { encoding: "utf8" });
    expect(listing).toMatch(/Stored.*a\.png/);
    expect(listing).toMatch(/Defl:N.*notes\.json/);
    expect(execFileSync("unzip", ["-p", zip, "a.png"]).subarray(0, 4).toString("hex")).toBe("89504e47");
    expect(JSON.parse(execFileSync("unzip", ["-p", zip, "notes.json"], { encoding: "utf8" })).a).toHaveLength(2000);
  });

  it("never writes a path into an entry name", () => {
    expect(safeEntryName("../../etc/passwd")).toBe("__.._etc_passwd");
    expect(safeEntryName("a/b\\c d.png")).toBe("a_b_c_d.png");
    expect(safeEntryName("..")).toBe("_");
  });

  it("runs only a little ahead of a slow reader (backpressure)", async () => {
    const archive = zipArchive(big.map((file, i) => ({ name: `${i}.bin`, open: fromFile(file) })));
    const reader = toWebStream(archive).getReader();
    await reader.read();
    await sleep(300); // time enough to build all 75 MB if nothing held it back
    expect(archive.pointer()).toBeLessThan(4 * 1024 * 1024);
    await reader.cancel();
  });

  it("opens each object only when its turn comes (one S3 connection at a time, not thirty)", async () => {
    let opened = 0;
    const archive = zipArchive(big.map((file, i) => ({ name: `${i}.bin`, open: async () => (opened++, createReadStream(file)) })));
    const reader = toWebStream(archive).getReader();
    await reader.read();
    await sleep(300);
    expect(opened).toBeLessThanOrEqual(2);
    await reader.cancel();
  });

  it("keeps memory flat while streaming 75 MB", async () => {
    const before = process.memoryUsage().rss;
    let peak = before;
    const total = await drain(zipStream(big.map((file, i) => ({ name: `${i}.bin`, open: fromFile(file) }))), () => {
      peak = Math.max(peak, process.memoryUsage().rss);
    });
    expect(total).toBeGreaterThan(FILES * FILE_BYTES);
    // A buffered ZIP would add the whole 75 MB; streaming adds a few buffers (and whatever GC has not yet returned).
    expect(peak - before).toBeLessThan(40 * 1024 * 1024);
  });

  it("stops the archive when the client hangs up", async () => {
    const archive = zipArchive(big.map((file, i) => ({ name: `${i}.bin`, open: fromFile(file) })));
    const controller = new AbortController();
    const reader = toWebStream(archive, controller.signal).getReader();
    await reader.read();
    controller.abort();
    await vi.waitUntil(() => archive.destroyed);
    const pointer = archive.pointer();
    await sleep(200);
    expect(archive.pointer()).toBe(pointer);
    expect(pointer).toBeLessThan(FILES * FILE_BYTES);
  });
});

describe("csvField", () => {
  it.each<[string | number | null, string]>([
    ["plain", "plain"],
    [44, "44"],
    [null, ""],
    ["a, b", '"a, b"'],
    ['say "hi"', '"say ""hi"""'],
    ["two\nlines", '"two\nlines"'],
    ["=HYPERLINK(1)", "'=HYPERLINK(1)"],
    ["-1+2,3", `"'-1+2,3"`],
    ["@SUM(A1)", "'@SUM(A1)"],
    ["+1", "'+1"],
    ["\tcmd", "'\tcmd"],
    ["\rcmd", `"'\rcmd"`],
    ["  =1+1", "'  =1+1"],
    // A `;`-separated locale reads each part after a `;` as its own cell: every part is neutralised.
    ["Ada;=HYPERLINK(1)", `"Ada;'=HYPERLINK(1)"`],
    ["a; +1;b;@x", `"a;' +1;b;'@x"`],
    ["a;-b", `"a;'-b"`],
    [-3, "-3"],
  ])("%j → %s", (value, expected) => expect(csvField(value)).toBe(expected));
});
