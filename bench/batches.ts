// `npm run bench:batches`: batches (issue 48) at their limits, through the real routes on a temporary database.
//   1. Storing: a 10,000-row CSV posted to POST /api/batches as the page sends it (multipart, the file streamed
//      in 64 KB chunks), read, rendered, checked, planned and stored as one transaction, on SQLite and on
//      Postgres (TEST_DATABASE_URL's server, or a throwaway cluster: bench/postgres-leg.ts). Target ≤ 5 s each.
//   2. Preview: the same file through POST /api/batches/preview (nothing stored).
//   3. Reading memory: a 20 MB CSV (10,000 rows of 2,050-character prompts) through the reader alone, and a
//      100 MB one, refused once 20 MB have streamed. Peak RSS and heap growth over the figures before, sampled
//      as the rows pass, and the live heap after a full collection every 1,000 rows: bounded means the reader
//      holds a row, not the file.
// A script, not a test: bounded in time, cleans up, exits by itself. `--postgres URL` is its own Postgres leg.
import "server-only";
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { pointAppAt } from "@/bench/app-env";

const ROWS = 10_000;
const WATCHDOG_MS = 300_000;
const MB = 1_048_576;
const ORIGIN = "http://localhost:3000";
const BOUNDARY = "----darkroom-bench-batches";

const postgresLeg = process.argv[2] === "--postgres" ? process.argv[3] : undefined;
const root = mkdtempSync(path.join(os.tmpdir(), "darkroom-bench-batches-"));
pointAppAt(root, postgresLeg);
const cleanup = () => rmSync(root, { recursive: true, force: true });
setTimeout(() => {
  console.error(`bench: gave up after ${WATCHDOG_MS / 1000} s`);
  cleanup();
  process.exit(1);
}, WATCHDOG_MS).unref();

const { printTable } = await import("@/bench/table");
const { setupAdmin } = await import("@/bench/gallery-support");
const { closeDatabase, database } = await import("@/lib/db");
const { POST: startRoute } = await import("@/app/api/batches/route");
const { POST: previewRoute } = await import("@/app/api/batches/preview/route");
const { openBatchFile } = await import("@/lib/batches/parse");

const gc = (globalThis as { gc?: () => void }).gc ?? (() => undefined);

/** A catalogue's CSV, made as it is read in 64 KB chunks: `rows` rows, each prompt `promptChars` long. */
function* catalogue(rows: number, promptChars: number): Generator<Buffer> {
  const filler = "in soft morning light, on a linen backdrop, with a long shadow, ".repeat(Math.ceil(promptChars / 64));
  let pending = "sku,product,background\n";
  for (let i = 0; i < rows; i++) {
    pending += `SKU-${String(i).padStart(5, "0")},"a ""${i % 2 ? "red" : "blue"}"" shoe ${filler.slice(0, promptChars - 30)}",${["marble", "sand", "linen"][i % 3]}\n`;
    if (pending.length >= 65_536) {
      yield Buffer.from(pending);
      pending = "";
    }
  }
  if (pending) yield Buffer.from(pending);
}

/** The page's multipart form, streamed: the JSON part, then the file's chunks. */
function form(meta: unknown, file: Iterable<Buffer>): ReadableStream<Uint8Array> {
  const chunks = (function* () {
    yield Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="batch"\r\n\r\n${JSON.stringify(meta)}\r\n` +
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="catalogue.csv"\r\nContent-Type: text/csv\r\n\r\n`,
    );
    yield* file;
    yield Buffer.from(`\r\n--${BOUNDARY}--\r\n`);
  })();
  return new ReadableStream({
    pull(controller) {
      const next = chunks.next();
      if (next.done) controller.close();
      else controller.enqueue(next.value);
    },
  });
}

const RECIPE = { model: "gamma-5-pro", fields: { prompt: "A studio photo of {{product}} on {{background}}" }, key: "sku" };

async function post(route: typeof startRoute, url: string, cookie: string, meta: unknown): Promise<{ seconds: number; json: unknown }> {
  const started = performance.now();
  const response = await route(
    new Request(`${ORIGIN}${url}`, {
      method: "POST",
      body: form(meta, catalogue(ROWS, 200)),
      headers: { origin: ORIGIN, cookie, "content-type": `multipart/form-data; boundary=${BOUNDARY}` },
      duplex: "half",
    } as RequestInit),
    { params: Promise.resolve({}) },
  );
  const json = (await response.json()) as unknown;
  if (response.status >= 300) throw new Error(`${url} answered ${response.status}: ${JSON.stringify(json)}`);
  return { seconds: (performance.now() - started) / 1000, json };
}

interface StoreFigures {
  database: string;
  previewSeconds: number;
  previewRows: number;
  startSeconds: number;
  stored: number;
  fileMb: number;
}

/** Preview, then start, the 10,000-row catalogue on this process's database. */
async function storeLeg(): Promise<StoreFigures> {
  const { cookie } = await setupAdmin();
  const fileMb = sizeMb(catalogue(ROWS, 200));
  const preview = await post(previewRoute, "/api/batches/preview", cookie, { format: "csv", recipe: RECIPE });
  const start = await post(startRoute, "/api/batches", cookie, { batchId: randomUUID(), format: "csv", recipe: RECIPE });
  const stored = await database()
    .db.selectFrom("submissions")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  return {
    database: postgresLeg ? "Postgres" : "SQLite",
    previewSeconds: preview.seconds,
    previewRows: (preview.json as { valid: number }).valid,
    startSeconds: start.seconds,
    stored: Number(stored.n),
    fileMb,
  };
}

interface ReadFigures {
  fileMb: number;
  readMb: number;
  rows: number;
  seconds: number;
  refused: string | null;
  rssPeakMb: number;
  heapPeakMb: number;
  liveHeapPeakMb: number;
}

/** Streams `chunks` through the reader, keeping nothing of the rows, while sampling memory. */
async function readLeg(fileMb: number, chunks: Iterable<Buffer>): Promise<ReadFigures> {
  gc();
  const base = process.memoryUsage();
  let rssPeak = base.rss;
  let heapPeak = base.heapUsed;
  let liveHeapPeak = base.heapUsed;
  const sample = () => {
    const now = process.memoryUsage();
    rssPeak = Math.max(rssPeak, now.rss);
    heapPeak = Math.max(heapPeak, now.heapUsed);
  };
  const timer = setInterval(sample, 10);
  let read = 0;
  async function* counted() {
    for (const chunk of chunks) {
      read += chunk.length;
      yield chunk;
    }
  }
  const started = performance.now();
  let rows = 0;
  let refused: string | null = null;
  try {
    const file = await openBatchFile(counted(), "csv");
    for await (const row of file.rows) {
      rows += row.line > 0 ? 1 : 0;
      if (rows % 100 === 0) sample();
      if (rows % 1_000 === 0) {
        gc();
        liveHeapPeak = Math.max(liveHeapPeak, process.memoryUsage().heapUsed);
      }
    }
  } catch (error) {
    refused = (error as Error).message;
  }
  clearInterval(timer);
  return {
    fileMb,
    readMb: read / MB,
    rows,
    seconds: (performance.now() - started) / 1000,
    refused,
    rssPeakMb: (rssPeak - base.rss) / MB,
    heapPeakMb: (heapPeak - base.heapUsed) / MB,
    liveHeapPeakMb: (liveHeapPeak - base.heapUsed) / MB,
  };
}

/** The 20 MB file: 10,000 rows of 2,050-character prompts, just under the limit. */
const twentyMegabytes = () => catalogue(ROWS, 2_050);
/** The 100 MB file: 10,000 rows of 10,480-character prompts, so the size (at about 2,000 rows) refuses it, not the count. */
const hundredMegabytes = () => catalogue(ROWS, 10_480);
function sizeMb(chunks: Iterable<Buffer>): number {
  let bytes = 0;
  for (const chunk of chunks) bytes += chunk.length;
  return bytes / MB;
}

try {
  if (postgresLeg) {
    console.log(JSON.stringify(await storeLeg()));
  } else {
    const { onFreshPostgres, childFigures } = await import("@/bench/postgres-leg");
    // Memory first, in a process that has done nothing else yet.
    const full = await readLeg(sizeMb(twentyMegabytes()), twentyMegabytes());
    const over = await readLeg(sizeMb(hundredMegabytes()), hundredMegabytes());
    const sqlite = await storeLeg();
    const postgres = await onFreshPostgres((url) => childFigures<StoreFigures>("bench/batches.ts", ["--postgres", url]));

    const storeRows = (f: StoreFigures | string, name: string) =>
      typeof f === "string"
        ? [{ measure: `${name}: 10,000 rows stored`, result: f, target: "≤ 5 s" }]
        : [
            {
              measure: `${f.database}: start, 10,000 rows (${f.fileMb.toFixed(1)} MB CSV) read, planned, stored in one transaction`,
              result: `${f.startSeconds.toFixed(2)} s (${f.stored.toLocaleString("en")} submissions)`,
              target: "≤ 5 s",
              ok: f.startSeconds <= 5 && f.stored === ROWS,
            },
            {
              measure: `${f.database}: preview, 10,000 rows read, rendered, checked, priced`,
              result: `${f.previewSeconds.toFixed(2)} s (${f.previewRows.toLocaleString("en")} valid)`,
              target: "≤ 5 s",
              ok: f.previewSeconds <= 5 && f.previewRows === ROWS,
            },
          ];
    const readRows = (f: ReadFigures, name: string, refusal: boolean) => [
      {
        measure: `${name}: read`,
        result: `${f.readMb.toFixed(1)} MB of ${f.fileMb.toFixed(1)} MB, ${f.rows.toLocaleString("en")} rows, ${f.seconds.toFixed(2)} s`,
        target: refusal ? "refused at 20 MB (+ a 64 KB chunk)" : "every row",
        ok: refusal ? f.refused?.startsWith("The file is over 20 MB") === true && f.readMb <= 20.1 : f.refused === null && f.rows === ROWS,
      },
      ...(refusal ? [{ measure: `${name}: answer`, result: f.refused ?? "not refused", target: "" }] : []),
      { measure: `${name}: peak RSS growth`, result: `${f.rssPeakMb.toFixed(1)} MB`, target: "" },
      { measure: `${name}: peak heap growth (garbage included)`, result: `${f.heapPeakMb.toFixed(1)} MB`, target: "" },
      {
        measure: `${name}: peak live heap growth`,
        result: `${f.liveHeapPeakMb.toFixed(1)} MB`,
        target: "< 5 MB (a row, not the file)",
        ok: f.liveHeapPeakMb < 5,
      },
    ];
    printTable([
      ...storeRows(sqlite, "SQLite"),
      ...storeRows(postgres, "Postgres"),
      ...readRows(full, "reader, 20 MB CSV", false),
      ...readRows(over, "reader, 100 MB CSV", true),
    ]);
  }
} finally {
  await closeDatabase();
  cleanup();
}
