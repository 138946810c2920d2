// Bad batch files and forms over HTTP (issue 48), on SQLite and Postgres: every refusal is a 4xx whose message
// says what to do, never a 500 or a hang, and nothing is stored. The multipart bodies are written by hand here
// (FormData cannot put the file before the JSON part or cut a body short), and the large one is made as it is
// read, so the test itself never holds 21 MB.
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import * as previewRoute from "@/app/api/batches/preview/route";
import * as batchesRoute from "@/app/api/batches/route";
import { database } from "@/lib/db";
import { MAX_BATCH_BYTES, type BatchRequest } from "@/lib/schemas/batches";
import { expectError, expectNoInternals, ORIGIN, seedTeam, type Team } from "@/lib/testing/app";

let team: Team;
beforeAll(async () => {
  team = await seedTeam();
});

const BOUNDARY = "----darkroom-batch-test";
const RECIPE = { model: "gamma-5-pro", fields: { prompt: "A studio photo of {{product}}" }, key: "sku" };
const META: BatchRequest = { format: "csv", recipe: RECIPE };

type Part = { name: string; value: string | Uint8Array; filename?: string };
const head = (part: Part) =>
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${part.name}"${part.filename ? `; filename="${part.filename}"\r\nContent-Type: text/csv` : ""}\r\n\r\n`;

/** A multipart body of these parts, in this order; `cut` drops its last bytes (a body that did not arrive whole). */
function multipart(parts: Part[], { cut = 0 } = {}) {
  const pieces = parts.flatMap((part) => [Buffer.from(head(part)), Buffer.from(part.value), Buffer.from("\r\n")]);
  const body = Buffer.concat([...pieces, Buffer.from(`--${BOUNDARY}--\r\n`)]);
  return body.subarray(0, body.length - cut);
}

const batchPart = (meta: BatchRequest = META): Part => ({ name: "batch", value: JSON.stringify(meta) });
const filePart = (value: string | Uint8Array): Part => ({ name: "file", value, filename: "batch.csv" });

async function post(route: "preview" | "start", body: BodyInit, init: { contentType?: string } = {}) {
  const handler = route === "preview" ? previewRoute.POST : batchesRoute.POST;
  const request = new Request(`${ORIGIN}/api/batches${route === "preview" ? "/preview" : ""}`, {
    method: "POST",
    body,
    headers: {
      origin: ORIGIN,
      cookie: team.member.cookie,
      "content-type": init.contentType ?? `multipart/form-data; boundary=${BOUNDARY}`,
    },
    duplex: "half",
  } as RequestInit);
  const response = await handler(request, { params: Promise.resolve({}) });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const json = (await response.json()) as Record<string, any>;
  expectNoInternals(json);
  return { status: response.status, json };
}

const stored = async () => (await database().db.selectFrom("submissions").select("id").execute()).length;

describe("a batch's file refused over HTTP", () => {
  it("refuses a 21 MB file with 413 after reading about 20 MB of it, holding none of it, and stores nothing", async () => {
    // JSON lines, the quickest format to read: the limit is counted on the bytes whatever their format.
    const row = Buffer.from(`${JSON.stringify({ sku: "S", product: "a long product description ".repeat(300) })}\n`);
    const heap = process.memoryUsage().heapUsed;
    let pulled = 0;
    let peak = 0;
    const meta = batchPart({ format: "jsonl", recipe: { ...RECIPE, key: undefined }, batchId: randomUUID() });
    const opening = Buffer.from(`${head(meta)}${meta.value as string}\r\n${head(filePart(""))}`);
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(opening);
      },
      pull(controller) {
        if (pulled >= 21 * 1024 * 1024) {
          controller.enqueue(Buffer.from(`\r\n--${BOUNDARY}--\r\n`));
          controller.close();
          return;
        }
        const chunk = Buffer.concat(Array.from({ length: 8 }, () => row));
        pulled += chunk.length;
        peak = Math.max(peak, process.memoryUsage().heapUsed - heap);
        controller.enqueue(chunk);
      },
    });
    const answer = await post("start", body);
    expectError(answer, 413, "payload_too_large:batch_file");
    expect(answer.json.error.message).toBe("The file is over 20 MB; split it into smaller batches.");
    // Refused as soon as the limit was crossed: not read to its end, and never held whole.
    expect(pulled).toBeLessThan(MAX_BATCH_BYTES + 2 * 1024 * 1024);
    expect(peak).toBeLessThan(64 * 1024 * 1024);
    expect(await stored()).toBe(0);
  });

  it("refuses a UTF-16 file at line 1, column 1, and a Latin-1 one where its bad byte is", async () => {
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from("sku,product\nS-1,a shoe\n", "utf16le")]);
    const answer = await post("preview", multipart([batchPart(), filePart(utf16)]));
    expectError(answer, 422, "invalid:batch_file");
    expect(answer.json.error.message).toMatch(/^Line 1, column 1: the file is UTF-16 text; save it as UTF-8/);
    const latin1 = Buffer.concat([Buffer.from("sku,product\nS-1,a shoe\nS-2,a caf"), Buffer.from([0xe9]), Buffer.from(" table\n")]);
    const bad = await post("start", multipart([batchPart({ ...META, batchId: randomUUID() }), filePart(latin1)]));
    expectError(bad, 422, "invalid:batch_file");
    expect(bad.json.error.message).toMatch(/^Line 3, column 2: this is not UTF-8 text/);
    expect(bad.json.error.fields.file).toBe(bad.json.error.message);
    expect(await stored()).toBe(0);
  });

  it("refuses an empty file, a header alone, and a file of too many rows, storing nothing", async () => {
    for (const [file, pattern] of [
      ["", /^The file is empty/],
      ["sku,product\r\n", /header row but no rows/],
    ] as const) {
      const answer = await post("start", multipart([batchPart({ ...META, batchId: randomUUID() }), filePart(file)]));
      expectError(answer, 422, "invalid:batch_file");
      expect(answer.json.error.message).toMatch(pattern);
    }
    // 20,000 prompts with variations: refused before they are made (a CSV's row limit is in lib/batches/parse.test.ts).
    const ten = `{${Array.from({ length: 10 }, (_, i) => i).join(",")}}`;
    const variations = { format: "variations", recipe: { model: "gamma-5-pro", fields: { prompt: "{{prompt}}" } } } as const;
    const answer = await post(
      "start",
      multipart([batchPart({ ...variations, batchId: randomUUID() }), filePart(`a ${ten.repeat(4)} {x,y}`)]),
    );
    expectError(answer, 422, "invalid:batch_file");
    expect(answer.json.error.message).toBe("Line 1, column 1: These variations make 20,000 prompts; a batch takes at most 10,000.");
    expect(await stored()).toBe(0);
  });
});

describe("a batch's form refused over HTTP", () => {
  it("says which part is missing or out of order", async () => {
    const noBatch = await post("preview", multipart([filePart("sku,product\nS-1,a shoe\n")]));
    expectError(noBatch, 400, "bad_request:batch_form");
    expect(noBatch.json.error.message).toBe("Send the `batch` part before the `file` part.");
    const fileFirst = await post("preview", multipart([filePart("sku,product\nS-1,a shoe\n"), batchPart()]));
    expectError(fileFirst, 400, "bad_request:batch_form");
    expect(fileFirst.json.error.message).toBe("Send the `batch` part before the `file` part.");
    const noFile = await post("preview", multipart([batchPart()]));
    expectError(noFile, 400, "bad_request:batch_form");
    expect(noFile.json.error.message).toBe("The form has no `file` part.");
    const nothing = await post("preview", multipart([]));
    expectError(nothing, 400, "bad_request:batch_form");
    expect(nothing.json.error.message).toBe("The form has no `batch` part.");
    const notJson = await post("preview", multipart([{ name: "batch", value: "{recipe:" }, filePart("sku\n")]));
    expectError(notJson, 400, "bad_request:batch_form");
    const notMultipart = await post("preview", JSON.stringify({ format: "csv" }), { contentType: "application/json" });
    expectError(notMultipart, 415, "unsupported_media_type:batch");
    const noBoundary = await post("preview", "x", { contentType: "multipart/form-data" });
    expectError(noBoundary, 400, "bad_request:batch_form");
  });

  it("refuses a body cut short inside the file, storing nothing", async () => {
    const file = `sku,product\n${Array.from({ length: 50 }, (_, i) => `K${i},a thing`).join("\n")}\n`;
    for (const cut of [40, 200]) {
      const answer = await post("start", multipart([batchPart({ ...META, batchId: randomUUID() }), filePart(file)], { cut }));
      expectError(answer, 400, "bad_request:batch_form");
      expect(answer.json.error.message).toBe("The file did not arrive whole; send it again.");
    }
    expect(await stored()).toBe(0);
  });

  it("refuses a client that goes away mid-file with 400, not 500", async () => {
    const opening = multipart([batchPart({ ...META, batchId: randomUUID() }), filePart("sku,product\nS-1,a shoe\nS-2,a bag")], { cut: 40 });
    let sent = false;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent) return controller.error(new Error("socket hang up"));
        sent = true;
        controller.enqueue(opening);
      },
    });
    const answer = await post("start", body);
    expect(answer.status).toBe(400);
    expect(await stored()).toBe(0);
  });

  it("refuses a pasted file over the form field's limit rather than reading it cut short", async () => {
    // 2,000 rows, 1.4 MB: sent as a plain field (pasted text) rather than a file part.
    const pasted = `sku,product\n${Array.from({ length: 2_000 }, (_, i) => `K${i},${"a thing ".repeat(90)}`).join("\n")}\n`;
    expect(pasted.length).toBeGreaterThan(1024 * 1024);
    const answer = await post("preview", multipart([batchPart(), { name: "file", value: pasted }]));
    expectError(answer, 413, "payload_too_large:batch_form");
    expect(answer.json.error.message).toMatch(/^Pasted text is at most 1 MB/);
    // Within the limit, pasted text is read whole.
    const small = await post(
      "preview",
      multipart([batchPart(), { name: "file", value: pasted.slice(0, 500_000).replace(/\n[^\n]*$/, "\n") }]),
    );
    expect(small.status).toBe(200);
    expect(small.json.rows).toBeGreaterThan(600);
  });
});
