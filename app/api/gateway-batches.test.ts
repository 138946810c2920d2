// Batches for scripts (issue 48, item 5) over the gateway, against the real emulator, on SQLite and Postgres:
// POST /v1/batches takes JSON lines of creation bodies with a custom_id each, stores every row as a submission
// with its own Idempotency-Key in one step (a resend with the same Idempotency-Key answers the same batch),
// refuses a bad line naming its line and field (or leaves it out), keeps to the token's budget cap (refused whole
// or trimmed), and GET /v1/batches/{id} and its results answer in the gateway's words, with signed links that
// open. Every test that sends ends on the money and slot invariants.
import { Ajv2020 } from "ajv/dist/2020.js";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { DELETE as revokeRoute } from "@/app/api/settings/access-tokens/[id]/route";
import { POST as createTokenRoute } from "@/app/api/settings/access-tokens/route";
import * as batchRoute from "@/app/v1/batches/[id]/route";
import * as resultsRoute from "@/app/v1/batches/[id]/results/route";
import * as batchesRoute from "@/app/v1/batches/route";
import { GET as fileRoute } from "@/app/v1/files/[taskId]/[index]/route";
import { GET as retrieve } from "@/app/v1/tasks/[id]/route";
import { emulatorForFile, FAST_TIMINGS } from "@/emulator/testing";
import { database } from "@/lib/db";
import { listAudit } from "@/lib/db/audit";
import { openApiDocument } from "@/lib/gateway/openapi";
import { expectMoneyAndSlots, sendAll } from "@/lib/testing/batch-money";
import { addSignedIn, call, expectNoInternals, seedTeam, type Signed, type Team } from "@/lib/testing/app";
import { clearEngineTables, type UpstreamCall } from "@/lib/testing/engine";
import { PAST_CHARGE, PAST_CHARGE_TASKS, recordPastCharge } from "@/lib/testing/past-charge";

const emulator = emulatorForFile({ timings: FAST_TIMINGS });
let team: Team;
let serial = 0;
const db = () => database().db;
/** What the OpenAPI document says each answer is (GET /v1/openapi.json). */
const documented = (() => {
  const ajv = new Ajv2020({ strict: false });
  for (const [name, schema] of Object.entries(openApiDocument("http://localhost:3000").components.schemas))
    ajv.addSchema(schema as object, `#/components/schemas/${name}`);
  return (name: string) => ajv.compile({ $ref: `#/components/schemas/${name}` });
})();
const creations = (calls: UpstreamCall[]) => calls.filter((c) => c.method.startsWith("create"));
const submissions = () => db().selectFrom("submissions").selectAll().orderBy("batch_id").orderBy("batch_line").execute();
const tasks = () => db().selectFrom("tasks").selectAll().where("id", "not in", PAST_CHARGE_TASKS).execute();

async function newToken(who: Signed, body: Record<string, unknown> = {}): Promise<{ token: string; id: string }> {
  const response = await call(createTokenRoute, "/api/settings/access-tokens", {
    method: "POST",
    cookie: who.cookie,
    body: { name: `batch script ${(serial += 1)}`, scope: "all", ...body },
  });
  expect(response.status).toBe(201);
  return { token: response.json.token, id: response.json.tokenInfo.id };
}

const jsonl = (...lines: unknown[]) => lines.map((line) => (typeof line === "string" ? line : JSON.stringify(line))).join("\n") + "\n";

/** A script's POST: no Origin, no cookie; its token, JSON lines, and an Idempotency-Key when given. */
const post = (
  token: string | null,
  body: string,
  { key, query = "", type = "application/jsonl" }: { key?: string; query?: string; type?: string } = {},
) =>
  call(batchesRoute.POST, `/v1/batches${query}`, {
    method: "POST",
    raw: body,
    headers: {
      origin: "",
      "content-type": type,
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(key ? { "idempotency-key": key } : {}),
    },
  });
const read = (token: string, id: string) =>
  call(batchRoute.GET, `/v1/batches/${id}`, { headers: { origin: "", authorization: `Bearer ${token}` }, params: { id } });
const results = (token: string, id: string) =>
  call(resultsRoute.GET, `/v1/batches/${id}/results`, { headers: { origin: "", authorization: `Bearer ${token}` }, params: { id } });

/** The spec's error shape: `{ error: { code, message, field? } }`. */
function expectSpecError(response: Awaited<ReturnType<typeof call>>, status: number, code: string) {
  expect({ status: response.status, code: response.json?.error?.code }).toEqual({ status, code });
  expect(Object.keys(response.json)).toEqual(["error"]);
  expect(Object.keys(response.json.error).every((key) => ["code", "message", "field"].includes(key))).toBe(true);
  expect(response.json.error.message.length).toBeGreaterThan(0);
  expectNoInternals(response.json);
}

const THREE = jsonl(
  { custom_id: "harbour", model: "gamma-5-pro", prompt: "a quiet harbour at dawn" },
  { custom_id: "dunes", model: "delta-image-2", prompt: "dunes at noon" },
  // A field the model does not define is dropped, as a single creation drops it.
  { custom_id: "kite", model: "gamma-5-pro", prompt: "a kite over the sea", colour: "red" },
);

beforeAll(async () => {
  team = await seedTeam();
});
beforeEach(async () => {
  await clearEngineTables();
  await db().deleteFrom("budgets").execute();
});

describe("POST /v1/batches", () => {
  it("stores each line of two models as a row keyed by custom_id, answers a resend with the same key, and sends each once", async () => {
    const { apiKey } = await emulator().account();
    const { token, id: tokenId } = await newToken(team.member, { name: "catalogue script" });
    const created = await post(token, THREE, { key: "nightly-1", query: "?name=Catalogue" });
    expect(created.status).toBe(202);
    expect(created.headers.get("cache-control")).toBe("no-store");
    expect(created.headers.get("x-content-type-options")).toBe("nosniff"); // the proxy's headers, given by the route
    expect(created.json).toEqual({
      id: expect.any(String),
      name: "Catalogue",
      model: null,
      status: "running",
      created_at: expect.any(String),
      counts: { total: 3, waiting: 3, paused: 0, running: 0, succeeded: 0, failed: 0, cancelled: 0 },
      credits: { reserved: 0, used: 0, refunded: 0 },
      results_url: `http://localhost:3000/v1/batches/${created.json.id}/results`,
    });
    expect(documented("Batch")(created.json)).toBe(true);
    const stored = await submissions();
    expect(stored.map((s) => [s.batch_key, s.batch_line, s.model, s.state, s.token_id])).toEqual([
      ["harbour", 1, "gamma-5-pro", "queued", tokenId],
      ["dunes", 2, "delta-image-2", "queued", tokenId],
      ["kite", 3, "gamma-5-pro", "queued", tokenId],
    ]);
    expect(JSON.parse(stored[2]!.params)).not.toHaveProperty("colour");
    expect(new Set(stored.map((s) => s.idempotency_key)).size).toBe(3);
    expect((await listAudit(db())).find((e) => e.subject_id === tokenId)).toMatchObject({ action: "access_token.use" });

    // The same key: the same batch, nothing doubled; another body under it: 409.
    const again = await post(token, THREE, { key: "nightly-1", query: "?name=Catalogue" });
    expect(again.status).toBe(200);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(again.json.id).toBe(created.json.id);
    expectSpecError(
      await post(token, jsonl({ custom_id: "x", model: "gamma-5-pro", prompt: "a small boat" }), { key: "nightly-1" }),
      409,
      "idempotency_conflict",
    );
    expectSpecError(await post(token, "{not json\n", { key: "nightly-1" }), 409, "idempotency_conflict");
    expect(await submissions()).toHaveLength(3);

    const { t, calls } = await sendAll(emulator(), apiKey);
    expect(
      creations(calls)
        .map((c) => c.target)
        .sort(),
    ).toEqual(stored.map((s) => s.idempotency_key).sort());
    for (const task of await tasks()) await t.pollUntil(task.id, (row) => row.archive_state === "done");

    const done = await read(token, created.json.id);
    expect(done.status).toBe(200);
    expect(done.json).toMatchObject({ status: "completed", counts: { total: 3, succeeded: 3, waiting: 0, running: 0 } });
    expect(done.json.credits.used).toBeGreaterThan(0);
    expect(documented("Batch")(done.json)).toBe(true);

    const file = await results(token, created.json.id);
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toMatch(/^application\/jsonl/);
    const lines = String(file.json)
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line));
    expect(lines.map((l) => [l.custom_id, l.line, l.status, l.error_code])).toEqual([
      ["harbour", 1, "succeeded", null],
      ["dunes", 2, "succeeded", null],
      ["kite", 3, "succeeded", null],
    ]);
    expect(lines.reduce((sum, l) => sum + l.credits_used, 0)).toBe(done.json.credits.used);
    const resultLine = documented("BatchResultLine");
    expect(lines.every((l) => resultLine(l))).toBe(true);
    for (const [i, line] of lines.entries()) {
      expect(line.task_id).toBe(`task_${stored[i]!.id}`);
      expect(line.result_urls).toHaveLength(1);
      const url = new URL(line.result_urls[0]);
      expect(url.origin).toBe("http://localhost:3000");
      expect(url.pathname).toMatch(/^\/v1\/files\/[^/]+\/0$/);
      // The link opens with no header, and is the one the task itself answers.
      const opened = await fileRoute(new Request(url), {
        params: Promise.resolve({ taskId: decodeURIComponent(url.pathname.split("/")[3]!), index: "0" }),
      });
      expect(opened.status).toBe(200);
      expect((await opened.arrayBuffer()).byteLength).toBeGreaterThan(0);
      const task = await call(retrieve, `/v1/tasks/${line.task_id}`, {
        headers: { authorization: `Bearer ${token}` },
        params: { id: line.task_id },
      });
      expect(task.json).toMatchObject({ id: line.task_id, status: "succeeded", data: [{ url: line.result_urls[0] }] });
    }
    expect(String(file.json)).not.toContain("/api/media/");
    expect(String(file.json)).not.toContain(emulator().url);

    // Another member's token: 404 for the batch and its results, as for a batch that does not exist.
    const other = await addSignedIn(team.admin.cookie, { role: "member", email: `other${(serial += 1)}@example.com` });
    const otherToken = (await newToken(other)).token;
    expectSpecError(await read(otherToken, created.json.id), 404, "not_found");
    expectSpecError(await results(otherToken, created.json.id), 404, "not_found");
    expectSpecError(await read(token, "no-such-batch"), 404, "not_found");
    // The same member's other token sees it.
    expect((await read((await newToken(team.member, { scope: "read" })).token, created.json.id)).status).toBe(200);
    await expectMoneyAndSlots(emulator(), apiKey);
  });

  it("makes a new batch for each POST without an Idempotency-Key", async () => {
    const { token } = await newToken(team.member);
    const line = jsonl({ custom_id: "one", model: "gamma-5-pro", prompt: "one" });
    const first = await post(token, line, { type: "application/x-ndjson; charset=utf-8" });
    const second = await post(token, line);
    expect([first.status, second.status]).toEqual([202, 202]);
    expect(first.json.id).not.toBe(second.json.id);
    expect(await submissions()).toHaveLength(2);
  });

  it("refuses a bad line naming its line and field, or leaves it out with skip_invalid", async () => {
    const { token } = await newToken(team.member);
    const file = jsonl(
      { custom_id: "a", model: "gamma-5-pro", prompt: "fine" },
      { custom_id: "b", model: "gamma-5-pro", prompt: "" },
      { custom_id: "c", model: "gamma-5-pro", prompt: "fine too", aspect_ratio: "sideways" },
    );
    const refused = await post(token, file);
    expectSpecError(refused, 422, "invalid_request");
    expect(refused.json.error.field).toBe("2.prompt");
    expect(refused.json.error.message).toMatch(/^2 lines are not valid: line 2 \(prompt\): .*; line 3 \(aspect_ratio\): /);
    expect(await submissions()).toHaveLength(0);

    const kept = await post(token, file, { query: "?skip_invalid=true&unknown=ignored" });
    expect(kept.status).toBe(202);
    expect(kept.json.counts.total).toBe(1);
    expect((await submissions()).map((s) => s.batch_key)).toEqual(["a"]);

    const duplicate = await post(
      token,
      jsonl(
        { custom_id: "same", model: "gamma-5-pro", prompt: "one" },
        { model: "gamma-5-pro", prompt: "no key" },
        { custom_id: "same", model: "gamma-5-pro", prompt: "two" },
      ),
    );
    expectSpecError(duplicate, 422, "invalid_request");
    expect(duplicate.json.error.field).toBe("2.custom_id");
    expect(duplicate.json.error.message).toContain("line 3 (custom_id): The custom_id “same” is also line 1's");

    const long = await post(token, jsonl({ custom_id: "k".repeat(121), model: "gamma-5-pro", prompt: "a small boat" }));
    expect(long.json.error).toMatchObject({ code: "invalid_request", field: "1.custom_id" });

    // A line of a kind the token may not create names its model.
    const imagesOnly = await newToken(team.member, { scope: "images" });
    const video = await post(
      imagesOnly.token,
      jsonl({ custom_id: "a", model: "gamma-5-pro", prompt: "a small boat" }, { custom_id: "v", model: "alpha-2.3", prompt: "a kite" }),
    );
    expectSpecError(video, 422, "invalid_request");
    expect(video.json.error.field).toBe("2.model");

    // A line that is not JSON is the file's problem: its line and column, nothing stored.
    const broken = await post(token, jsonl({ custom_id: "a", model: "gamma-5-pro", prompt: "a small boat" }, '{"custom_id": "b", nope}'));
    expectSpecError(broken, 422, "invalid_request");
    expect(broken.json.error.message).toMatch(/^Line 2, column \d+: /);
    expect(broken.json.error.field).toBeUndefined();
    expectSpecError(await post(token, ""), 422, "invalid_request");
    expect(await submissions()).toHaveLength(1);
  });

  it("answers the gateway's refusals for the content type, the options, the key, the scope and no token", async () => {
    const { token } = await newToken(team.member);
    const line = jsonl({ custom_id: "a", model: "gamma-5-pro", prompt: "a small boat" });
    expectSpecError(await post(token, line, { type: "application/json" }), 415, "unsupported_media_type");
    expectSpecError(await post(token, line, { type: "text/csv" }), 415, "unsupported_media_type");
    const option = await post(token, line, { query: "?over_budget=maybe" });
    expectSpecError(option, 422, "invalid_request");
    expect(option.json.error.field).toBe("over_budget");
    expectSpecError(await post(token, line, { key: "spaces are not allowed" }), 400, "invalid_idempotency_key");
    expectSpecError(await post((await newToken(team.member, { scope: "read" })).token, line), 403, "token_scope");
    expectSpecError(await post(null, line), 401, "unauthorized");
    expectSpecError(await post("dr_not-a-token", line), 401, "unauthorized");
    const get = await call(batchesRoute.GET, "/v1/batches", { headers: { authorization: `Bearer ${token}` } });
    expectSpecError(get, 405, "method_not_allowed");
    expect(get.headers.get("allow")).toBe("POST");
    expect(get.headers.get("x-frame-options")).toBe("DENY");
    expectSpecError(
      await call(batchRoute.POST, "/v1/batches/x", { method: "POST", headers: { authorization: `Bearer ${token}` } }),
      405,
      "method_not_allowed",
    );
    expect(await submissions()).toHaveLength(0);
  });

  it("keeps to the token's budget cap: the batch refused whole, or trimmed to the rows that fit", async () => {
    const { apiKey } = await emulator().account();
    await recordPastCharge(db(), team.member.member.id);
    const capped = await newToken(team.member, { name: "capped batch", budgetCredits: PAST_CHARGE * 2 });
    const file = jsonl(
      { custom_id: "a", model: "gamma-5-pro", prompt: "first" },
      { custom_id: "b", model: "gamma-5-pro", prompt: "second" },
      { custom_id: "c", model: "gamma-5-pro", prompt: "third" },
    );
    const refused = await post(capped.token, file);
    expectSpecError(refused, 402, "over_budget");
    expect(refused.json.error.message).toContain("capped batch");
    expect(await submissions()).toHaveLength(0);

    const trimmed = await post(capped.token, file, { query: "?over_budget=trim" });
    expect(trimmed.status).toBe(202);
    expect(trimmed.json.counts.total).toBe(2);
    expect((await submissions()).map((s) => s.batch_key)).toEqual(["a", "b"]);
    // Nothing more fits now.
    expectSpecError(await post(capped.token, file, { query: "?over_budget=trim" }), 402, "over_budget");
    expect(await submissions()).toHaveLength(2);
    await sendAll(emulator(), apiKey);
    await expectMoneyAndSlots(emulator(), apiKey);
  });

  it("refuses a revoked token", async () => {
    const { token, id } = await newToken(team.member);
    const created = await post(token, jsonl({ custom_id: "a", model: "gamma-5-pro", prompt: "a small boat" }));
    expect(created.status).toBe(202);
    const gone = await call(revokeRoute, "/api/settings/access-tokens/x", { method: "DELETE", cookie: team.member.cookie, params: { id } });
    expect(gone.status).toBe(204);
    expectSpecError(await post(token, jsonl({ custom_id: "b", model: "gamma-5-pro", prompt: "a tall ship" })), 401, "unauthorized");
    expectSpecError(await read(token, created.json.id), 401, "unauthorized");
    expectSpecError(await results(token, created.json.id), 401, "unauthorized");
    // What it queued and never sent was cancelled with it: the batch reads cancelled rows, nothing charged.
    const other = await newToken(team.member, { scope: "read" });
    expect((await read(other.token, created.json.id)).json).toMatchObject({ status: "completed", counts: { cancelled: 1 } });
  });
});
