// Batches over HTTP against the real emulator, on SQLite and Postgres: a file (or a prompt with variations)
// previewed with nothing stored, started as one transaction of submissions (each its own Idempotency-Key),
// resent without doubling, refused whole or trimmed by a budget, paused, resumed, cancelled, retried, and
// collected as a results file and a ZIP named by key. Every test that sends ends on the money and slot invariants.
import { execFileSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import * as batchRoute from "@/app/api/batches/[id]/route";
import * as cancelRoute from "@/app/api/batches/[id]/cancel/route";
import * as downloadRoute from "@/app/api/batches/[id]/download/route";
import * as pauseRoute from "@/app/api/batches/[id]/pause/route";
import * as resultsRoute from "@/app/api/batches/[id]/results/route";
import * as resumeRoute from "@/app/api/batches/[id]/resume/route";
import * as retryRoute from "@/app/api/batches/[id]/retry/route";
import * as rowsRoute from "@/app/api/batches/[id]/rows/route";
import * as previewRoute from "@/app/api/batches/preview/route";
import * as batchesRoute from "@/app/api/batches/route";
import { GET as tasksJson } from "@/app/api/exports/tasks.json/route";
import { GET as listTasks } from "@/app/api/tasks/route";
import { GET as queueRoute } from "@/app/api/queue/route";
import { submit } from "@/lib/tasks/submit";
import { emulatorForFile, FAST_TIMINGS } from "@/emulator/testing";
import { database } from "@/lib/db";
import { upsertBudget } from "@/lib/db/budgets";
import type { BatchRequest } from "@/lib/schemas/batches";
import { expectMoneyAndSlots, sendAll } from "@/lib/testing/batch-money";
import { call, expectError, expectNoInternals, ORIGIN, seedTeam, type Signed, type Team } from "@/lib/testing/app";
import { csvRecords } from "@/lib/testing/csv";
import { clearEngineTables, countCalls, testEngine, type UpstreamCall } from "@/lib/testing/engine";
import { PAST_CHARGE, PAST_CHARGE_TASKS, recordPastCharge } from "@/lib/testing/past-charge";
import { dispatchOnce } from "@/lib/tasks/engine/dispatch";

const emulator = emulatorForFile({ timings: FAST_TIMINGS });
let team: Team;
const db = () => database().db;
const creations = (calls: UpstreamCall[]) => calls.filter((c) => c.method.startsWith("create"));
const submissions = () => db().selectFrom("submissions").selectAll().orderBy("batch_line").execute();
const tasks = () => db().selectFrom("tasks").selectAll().where("id", "not in", PAST_CHARGE_TASKS).execute();

const RECIPE = { model: "gamma-5-pro", fields: { prompt: "A studio photo of {{product}} on {{background}}" }, key: "sku" };
const CSV = ["sku,product,background", "S-1,a red shoe,marble", "S-2,a blue bag,sand", "S-3,a green hat,linen"].join("\n");

/** A batch's multipart form, as the page sends it: the JSON part, then the file. */
async function send(
  handler: (r: Request, c: { params: Promise<Record<string, string>> }) => Promise<Response>,
  url: string,
  who: Signed,
  meta: BatchRequest,
  file: string,
) {
  const form = new FormData();
  form.append("batch", JSON.stringify(meta));
  form.append("file", new Blob([file], { type: "text/csv" }), "batch.csv");
  const response = await handler(
    new Request(`${ORIGIN}${url}`, { method: "POST", body: form, headers: { origin: ORIGIN, cookie: who.cookie } }),
    {
      params: Promise.resolve({}),
    },
  );
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return { status: response.status, json: (await response.json()) as Record<string, any> };
}
const preview = (meta: Omit<BatchRequest, "batchId">, file: string, who = team.member) =>
  send(previewRoute.POST, "/api/batches/preview", who, meta, file);
const start = (meta: BatchRequest, file: string, who = team.member) => send(batchesRoute.POST, "/api/batches", who, meta, file);
const act = (route: { POST: typeof pauseRoute.POST }, id: string, action: string, who = team.member) =>
  call(route.POST, `/api/batches/${id}/${action}`, { method: "POST", cookie: who.cookie, params: { id } });
const view = (id: string, who = team.member) => call(batchRoute.GET, `/api/batches/${id}`, { cookie: who.cookie, params: { id } });

beforeAll(async () => {
  team = await seedTeam();
});
beforeEach(async () => {
  await clearEngineTables();
  await db().deleteFrom("budgets").execute();
});

describe("a batch's preview", () => {
  it("renders every row through the recipe, lists invalid rows by line and field, and stores nothing", async () => {
    await recordPastCharge(db(), team.member.member.id);
    const file = `${CSV}\nS-4,"a ""quoted""\nshoe",felt\nS-5,a cap,wool,extra\nS-1,a duplicate,oak`;
    const answer = await preview(
      { format: "csv", recipe: { ...RECIPE, fields: { ...RECIPE.fields, aspect_ratio: "{{background}}" } } },
      file,
    );
    expect(answer.status).toBe(200);
    expect(answer.json).toMatchObject({ format: "csv", columns: ["sku", "product", "background"], rows: 6, valid: 0, invalidCount: 6 });
    // Every row: aspect_ratio is not a ratio; the ragged and the duplicate rows say so first.
    expect(answer.json.invalid.map((p: { line: number; field: string | null }) => [p.line, p.field])).toEqual([
      [2, "aspect_ratio"],
      [3, "aspect_ratio"],
      [4, "aspect_ratio"],
      [5, "aspect_ratio"],
      [7, null],
      [8, "sku"],
    ]);
    expect(answer.json.invalid[5].message).toContain("also line 2");

    const good = await preview({ format: "csv", recipe: RECIPE }, `${CSV}\nS-4,"a ""quoted""\nshoe",felt`);
    expect(good.json).toMatchObject({
      rows: 4,
      valid: 4,
      invalidCount: 0,
      estimate: { knownCredits: PAST_CHARGE * 4, knownRows: 4, unknownRows: 0 },
    });
    expect(good.json.sample[3]).toEqual({
      line: 5,
      key: "S-4",
      request: expect.objectContaining({ prompt: 'A studio photo of a "quoted"\nshoe on felt' }),
    });
    expect(good.json.budget).toEqual({ left: null, name: null, fits: 4 });
    expect(await submissions()).toHaveLength(0);
  });

  it("makes 4 rows of a {red, green} {car, bike}, keyed by the choices", async () => {
    const answer = await preview(
      { format: "variations", recipe: { model: "gamma-5-pro", fields: { prompt: "{{prompt}}" } } },
      "a {red, green} {car, bike}",
    );
    expect(answer.status).toBe(200);
    expect(answer.json.rows).toBe(4);
    expect(answer.json.sample.map((s: { key: string; request: { prompt: string } }) => [s.key, s.request.prompt])).toEqual([
      ["001-red-car", "a red car"],
      ["002-red-bike", "a red bike"],
      ["003-green-car", "a green car"],
      ["004-green-bike", "a green bike"],
    ]);
  });

  it("refuses a file it cannot read with the line and column, and a recipe naming a missing column", async () => {
    expectError(await preview({ format: "csv", recipe: RECIPE }, ""), 422, "invalid:batch_file");
    const unclosed = await preview({ format: "csv", recipe: RECIPE }, `${CSV}\nS-4,"never closed,x`);
    expectError(unclosed, 422, "invalid:batch_file");
    expect(unclosed.json.error.message).toMatch(/^Line \d+/);
    const missing = await preview({ format: "csv", recipe: { ...RECIPE, key: "id" } }, CSV);
    expectError(missing, 422, "invalid:recipe");
    expect(missing.json.error.message).toContain("“id”");
    const jsonl = await preview(
      { format: "jsonl", recipe: { model: "gamma-5-pro", fields: { prompt: "{{p}}" } } },
      '{"p":"ok"}\n{"p": nope}',
    );
    expectError(jsonl, 422, "invalid:batch_file");
    expect(jsonl.json.error.message).toMatch(/^Line 2\b/);
    expectNoInternals(jsonl.json);
  });
});

describe("starting a batch", () => {
  it("stores every row as a submission with its own key, answers a resend again, and sends each row once", async () => {
    const { apiKey } = await emulator().account();
    const batchId = randomUUID();
    const first = await start({ batchId, format: "csv", recipe: RECIPE, name: "Catalogue" }, CSV);
    expect(first.status).toBe(202);
    expect(first.json.batch).toMatchObject({ id: batchId, name: "Catalogue", model: "gamma-5-pro", state: "running", rows: 3 });
    expect(first.json.batch.counts.waiting).toBe(3);
    const stored = await submissions();
    expect(stored.map((s) => [s.batch_key, s.batch_line, s.state])).toEqual([
      ["S-1", 2, "queued"],
      ["S-2", 3, "queued"],
      ["S-3", 4, "queued"],
    ]);
    expect(new Set(stored.map((s) => s.idempotency_key)).size).toBe(3);

    const again = await start({ batchId, format: "csv", recipe: RECIPE, name: "Catalogue" }, CSV);
    expect(again.status).toBe(200);
    expect(again.json.repeated).toBe(true);
    expect(await submissions()).toHaveLength(3);
    expectError(await start({ batchId, format: "csv", recipe: RECIPE }, `${CSV}\nS-4,x,y`), 409, "conflict:batch");

    const { calls } = await sendAll(emulator(), apiKey);
    expect(
      creations(calls)
        .map((c) => c.target)
        .sort(),
    ).toEqual(stored.map((s) => s.idempotency_key).sort());
    await expectMoneyAndSlots(emulator(), apiKey);
  });

  it("refuses a batch over budget whole, or keeps the rows that fit, as chosen", async () => {
    const { apiKey } = await emulator().account();
    await recordPastCharge(db(), team.member.member.id);
    await upsertBudget(db(), {
      scope: "member",
      user_id: team.member.member.id,
      period: "day",
      limit_credits: PAST_CHARGE * 2,
      updated_by: null,
      updated_at: new Date().toISOString(),
    });
    const asked = await preview({ format: "csv", recipe: RECIPE }, CSV);
    expect(asked.json.budget).toEqual({ left: PAST_CHARGE * 2, name: "your daily budget", fits: 2 });
    expectError(await start({ batchId: randomUUID(), format: "csv", recipe: RECIPE }, CSV), 409, "conflict:over_budget");
    expect(await submissions()).toHaveLength(0);

    const trimmed = await start({ batchId: randomUUID(), format: "csv", recipe: RECIPE, overBudget: "trim" }, CSV);
    expect(trimmed.status).toBe(202);
    expect(trimmed.json.batch.rows).toBe(2);
    expect((await submissions()).map((s) => s.batch_key)).toEqual(["S-1", "S-2"]);
    // Nothing more fits now, even with those rows paused: a paused batch still counts against the budget.
    expect((await act(pauseRoute, trimmed.json.batch.id, "pause")).json.counts.paused).toBe(2);
    expectError(
      await start({ batchId: randomUUID(), format: "csv", recipe: RECIPE, overBudget: "trim" }, CSV),
      409,
      "conflict:over_budget",
    );
    await act(resumeRoute, trimmed.json.batch.id, "resume");
    await sendAll(emulator(), apiKey);
    await expectMoneyAndSlots(emulator(), apiKey);
  });

  it("refuses invalid rows unless asked to leave them out", async () => {
    const file = `${CSV}\nS-4,,marble`.replace("S-4,,marble", `S-4,"",""`);
    const recipe = { ...RECIPE, fields: { prompt: "{{product}}" } };
    const refused = await start({ batchId: randomUUID(), format: "csv", recipe }, file);
    expectError(refused, 422, "invalid:batch_rows");
    expect(refused.json.error.message).toContain("line 5 (prompt)");
    expect(await submissions()).toHaveLength(0);
    const kept = await start({ batchId: randomUUID(), format: "csv", recipe, skipInvalid: true }, file);
    expect(kept.json.batch.rows).toBe(3);
  });
});

describe("running a batch", () => {
  it("takes one turn a round in the queue, which shows its first 50 waiting and the count", async () => {
    const rows = ["sku,product,background", ...Array.from({ length: 60 }, (_, i) => `K${i},thing ${i},white`)].join("\n");
    await start({ batchId: randomUUID(), format: "csv", recipe: RECIPE }, rows);
    // A colleague's single picture, submitted after the 60 rows, is second in line.
    await submit({
      connection: database(),
      submission: {
        id: randomUUID(),
        userId: team.admin.member.id,
        model: "gamma-5-pro",
        kind: "image",
        endpoint: "images",
        request: { model: "gamma-5-pro", prompt: "a colleague's picture" },
      },
    });
    const queue = await call(queueRoute, "/api/queue", { cookie: team.member.cookie });
    expect(queue.json.waiting).toBe(61);
    expect(queue.json.submissions).toHaveLength(50);
    expect(queue.json.submissions.slice(0, 3).map((s: { prompt: string }) => s.prompt)).toEqual([
      "A studio photo of thing 0 on white",
      "a colleague's picture",
      "A studio photo of thing 1 on white",
    ]);
  });

  it("pauses (nothing sent), resumes, cancels the unsent rows, and only its member or an admin may", async () => {
    const { apiKey } = await emulator().account();
    const six = ["sku,product,background", ...Array.from({ length: 6 }, (_, i) => `K${i},thing ${i},white`)].join("\n");
    const { json } = await start({ batchId: randomUUID(), format: "csv", recipe: RECIPE }, six);
    const id = json.batch.id as string;
    expectError(await act(pauseRoute, id, "pause", team.viewer), 403, "forbidden:role");
    const paused = await act(pauseRoute, id, "pause");
    expect(paused.json).toMatchObject({ state: "paused", counts: { paused: 6, waiting: 0 } });
    // Open pages hear of it once, by one of its rows (a submission they can look up).
    const told = await db()
      .selectFrom("task_events")
      .selectAll()
      .where("kind", "=", "submission")
      .orderBy("seq", "desc")
      .executeTakeFirst();
    expect((await submissions()).map((s) => s.id)).toContain(told?.subject_id);
    expect(JSON.parse(told!.body)).toMatchObject({ state: "paused" });
    const held = await sendAll(emulator(), apiKey);
    expect(creations(held.calls)).toHaveLength(0);

    expect((await act(resumeRoute, id, "resume", team.admin)).json).toMatchObject({ state: "running", counts: { waiting: 6, paused: 0 } });
    // Five image slots: five go out; the sixth waits and is cancelled without being sent.
    const t = await testEngine(emulator(), apiKey);
    const calls = countCalls(t.engine);
    await dispatchOnce(t.engine);
    expect(creations(calls)).toHaveLength(5);
    const cancelled = await act(cancelRoute, id, "cancel");
    expect(cancelled.json).toMatchObject({ state: "cancelled", counts: { cancelled: 1 }, canChange: false });
    expectError(await act(resumeRoute, id, "resume"), 409, "conflict:batch");
    const rows = await call(rowsRoute.GET, `/api/batches/${id}/rows?status=cancelled`, { cookie: team.member.cookie, params: { id } });
    expect(rows.json).toMatchObject({ total: 1, rows: [{ key: "K5", status: "cancelled", errorCode: "batch_cancelled", credits: null }] });
    await expectMoneyAndSlots(emulator(), apiKey);
  });

  it("retries failed rows as a new batch, and hands over a results file and a ZIP named by key", async () => {
    const { apiKey } = await emulator().account();
    const file = ["sku,product,background", "=HYPERLINK(1),a shoe,oak", "ok-2,a [[fail]] vase,felt", "ok-3,a lamp,wool"].join("\n");
    const { json } = await start({ batchId: randomUUID(), format: "csv", recipe: RECIPE }, file);
    const id = json.batch.id as string;
    const { t } = await sendAll(emulator(), apiKey);
    for (const task of await tasks())
      await t.pollUntil(
        task.id,
        (row) => row.status !== "pending" && row.status !== "processing" && (row.status === "failed" || row.archive_state === "done"),
      );
    const done = await view(id);
    expect(done.json.counts).toMatchObject({ succeeded: 2, failed: 1, waiting: 0, running: 0 });
    expect(done.json.credits.used).toBeGreaterThan(0);

    // The gallery's "From a batch" filter, this batch's own link, and the exports name each task's batch and key.
    const listed = async (batch: string) =>
      (await call(listTasks, `/api/tasks?batch=${batch}`, { cookie: team.member.cookie })).json.tasks
        .map((task: { id: string }) => task.id)
        .sort();
    const made = (await tasks()).map((task) => task.id).sort();
    expect(await listed("any")).toEqual(made);
    expect(await listed(id)).toEqual(made);
    expect(await listed(randomUUID())).toEqual([]);
    const exported = (await call(tasksJson, "/api/exports/tasks.json", { cookie: team.admin.cookie })).json as unknown as {
      batch_key: string;
    }[];
    expect(exported.map((row) => row.batch_key).sort()).toEqual(["=HYPERLINK(1)", "ok-2", "ok-3"]);

    const results = await call(resultsRoute.GET, `/api/batches/${id}/results?format=csv`, { cookie: team.member.cookie, params: { id } });
    expect(results.headers.get("content-disposition")).toContain("-results.csv");
    const records = csvRecords(results.json as unknown as string);
    expect(records.map((r) => [r.key, r.status])).toEqual([
      ["'=HYPERLINK(1)", "succeeded"],
      ["ok-2", "failed"],
      ["ok-3", "succeeded"],
    ]);
    expect(records[1]!.error_code).toBe("generation_failed");
    expect(Number(records[0]!.credits_used)).toBeGreaterThan(0);
    expect(records[0]!.result_urls).toMatch(/^http:\/\/localhost[^ ]*\/api\/media\/task_\w+\/0$/);
    const lines = await call(resultsRoute.GET, `/api/batches/${id}/results?format=jsonl`, { cookie: team.member.cookie, params: { id } });
    expect(
      String(lines.json)
        .trim()
        .split("\n")
        .map((l) => JSON.parse(l).key),
    ).toEqual(["=HYPERLINK(1)", "ok-2", "ok-3"]);

    const zip = await downloadRoute.GET(new Request(`${ORIGIN}/api/batches/${id}/download`, { headers: { cookie: team.member.cookie } }), {
      params: Promise.resolve({ id }),
    });
    const zipFile = path.join(mkdtempSync(path.join(os.tmpdir(), "batch-")), "batch.zip");
    writeFileSync(zipFile, Buffer.from(await zip.arrayBuffer()));
    expect(execFileSync("unzip", ["-Z1", zipFile], { encoding: "utf8" }).trim().split("\n").sort()).toEqual([
      "HYPERLINK-1.png",
      "ok-3.png",
    ]);

    const retry = await call(retryRoute.POST, `/api/batches/${id}/retry`, {
      method: "POST",
      cookie: team.member.cookie,
      params: { id },
      body: { batchId: randomUUID() },
    });
    expect(retry.status).toBe(202);
    expect(retry.json.batch).toMatchObject({ rows: 1, retryOf: id, name: "Batch of 3 rows (retry)" });
    const retried = (await submissions()).filter((s) => s.batch_id === retry.json.batch.id);
    expect(retried.map((s) => [s.batch_key, JSON.parse(s.body).prompt])).toEqual([["ok-2", "A studio photo of a [[fail]] vase on felt"]]);
    await sendAll(emulator(), apiKey);
    await expectMoneyAndSlots(emulator(), apiKey);
  });
});
