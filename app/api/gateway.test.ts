// Darkroom as the team's gateway (issue 29): a member's personal access token opens Darkroom's copy of the
// generation API (/v1/…), which answers as the spec does, goes through the member's and the team's budgets
// and the queue, creates exactly once per Idempotency-Key, and serves results from Darkroom's archive.
import { beforeAll, describe, expect, it } from "vitest";
import { PATCH as memberRoute } from "@/app/api/members/[id]/route";
import { PUT as putBudget } from "@/app/api/budgets/route";
import { GET as ledgerRoute } from "@/app/api/credits/ledger/route";
import { GET as tasksCsv } from "@/app/api/exports/tasks.csv/route";
import { GET as tasksJson } from "@/app/api/exports/tasks.json/route";
import { GET as queueRoute } from "@/app/api/queue/route";
import { GET as tasksRoute } from "@/app/api/tasks/route";
import { DELETE as revokeRoute } from "@/app/api/settings/access-tokens/[id]/route";
import { GET as listRoute, POST as createRoute } from "@/app/api/settings/access-tokens/route";
import { GET as fileRoute } from "@/app/v1/files/[taskId]/[index]/route";
import { POST as images } from "@/app/v1/images/generations/route";
import { GET as retrieve } from "@/app/v1/tasks/[id]/route";
import { POST as videos } from "@/app/v1/videos/generations/route";
import { BODIES, emulatorForFile, FAST_TIMINGS } from "@/emulator/testing";
import { database } from "@/lib/db";
import { listAudit } from "@/lib/db/audit";
import { getSubmission } from "@/lib/db/submissions";
import { getResults } from "@/lib/db/tasks";
import { submissionIdFor } from "@/lib/gateway/create";
import { SIGNED_URL_SECONDS, signedMediaUrl } from "@/lib/gateway/signed-media";
import { GATEWAY_RATE_LIMIT } from "@/lib/gateway/rate-limit";
import { dispatchOnce } from "@/lib/tasks/engine/dispatch";
import { addSignedIn, call, expectNoInternals, seedTeam, type Signed, type Team } from "@/lib/testing/app";
import { csvRecords } from "@/lib/testing/csv";
import { testEngine } from "@/lib/testing/engine";

const emulator = emulatorForFile({ timings: FAST_TIMINGS });
let team: Team;
let serial = 0;

async function newToken(who: Signed, body: Record<string, unknown> = {}): Promise<{ token: string; id: string }> {
  const response = await call(createRoute, "/api/settings/access-tokens", {
    method: "POST",
    cookie: who.cookie,
    body: { name: `script ${(serial += 1)}`, scope: "all", ...body },
  });
  expect(response.status).toBe(201);
  return { token: response.json.token, id: response.json.tokenInfo.id };
}

// A script sends no Origin or cookie: only its token and its key.
const create = (route: typeof images, token: string | null, body: unknown, key: string | null = `key-${(serial += 1)}`) =>
  call(route, "/v1/images/generations", {
    method: "POST",
    body,
    headers: { origin: "", ...(token ? { authorization: `Bearer ${token}` } : {}), ...(key !== null ? { "idempotency-key": key } : {}) },
  });
const read = (token: string, id: string) =>
  call(retrieve, `/v1/tasks/${id}`, { headers: { authorization: `Bearer ${token}` }, params: { id } });

/** The spec's error shape: `{ error: { code, message, field? } }`. */
function expectSpecError(response: Awaited<ReturnType<typeof call>>, status: number, code: string) {
  expect({ status: response.status, code: response.json?.error?.code }).toEqual({ status, code });
  expect(Object.keys(response.json)).toEqual(["error"]);
  expect(Object.keys(response.json.error).every((key) => ["code", "message", "field"].includes(key))).toBe(true);
  expect(response.json.error.message.length).toBeGreaterThan(0);
  expectNoInternals(response.json);
}

beforeAll(async () => {
  team = await seedTeam();
});

describe("personal access tokens", () => {
  it("is shown once, stored as a hash, listed without its secret, and recorded in the audit log", async () => {
    const { token, id } = await newToken(team.member, { name: "nightly renders", expiresInDays: 30 });
    expect(token).toMatch(/^dr_[\w-]{43}$/); // 32 random bytes
    const stored = await database().db.selectFrom("access_tokens").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
    expect(JSON.stringify(stored)).not.toContain(token);
    const listed = await call(listRoute, "/api/settings/access-tokens", { cookie: team.member.cookie });
    expect(listed.json.tokens).toEqual([
      {
        id,
        name: "nightly renders",
        scopes: ["images", "videos"],
        budget: null,
        createdAt: expect.any(String),
        expiresAt: expect.any(String),
        lastUsedAt: null,
      },
    ]);
    const { createdAt, expiresAt } = listed.json.tokens[0];
    expect(Date.parse(expiresAt) - Date.parse(createdAt)).toBe(30 * 86_400_000);
    expect(JSON.stringify(listed.json)).not.toContain(token);
    expect((await listAudit(database().db)).find((entry) => entry.subject_id === id)).toMatchObject({ action: "access_token.create" });
  });

  it("is refused to viewers, and a bad name or expiry is a 422 naming the field", async () => {
    const viewer = await call(createRoute, "/api/settings/access-tokens", {
      method: "POST",
      cookie: team.viewer.cookie,
      body: { name: "x", scope: "all" },
    });
    expect(viewer.status).toBe(403);
    const bad = await call(createRoute, "/api/settings/access-tokens", {
      method: "POST",
      cookie: team.member.cookie,
      body: { name: " ", scope: "all", expiresInDays: 400 },
    });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.json.error.fields).sort()).toEqual(["expiresInDays", "name"]);
  });
});

describe("the generation API through Darkroom", () => {
  it("creates, replays, refuses a changed body, and answers the Task with Darkroom's archived copy", async () => {
    const emu = emulator();
    const { apiKey } = await emu.account();
    const before = await emu.credits(apiKey);
    const t = await testEngine(emu, apiKey);
    const { token } = await newToken(team.member, { name: "harbour script" });

    const created = await create(images, token, BODIES.gamma(), "render-1");
    expect(created.status).toBe(202);
    expect(created.json).toEqual({
      id: expect.stringMatching(/^task_/),
      status: "pending",
      model: "gamma-5-pro",
      created_at: expect.any(String),
      updated_at: expect.any(String),
      credits_reserved: expect.any(Number),
    });
    const replay = await create(images, token, BODIES.gamma(), "render-1");
    expect(replay.status).toBe(200);
    expect(replay.headers.get("idempotent-replayed")).toBe("true");
    expect(replay.json.id).toBe(created.json.id);
    expectSpecError(await create(images, token, BODIES.gamma("another harbour"), "render-1"), 409, "idempotency_conflict");

    // Waiting in the team's queue, which says which token it came from.
    const queue = await call(queueRoute, "/api/queue", { cookie: team.admin.cookie });
    expect(queue.json.submissions).toMatchObject([{ id: created.json.id.slice("task_".length), viaToken: "harbour script" }]);

    // The queue sends it once; the engine polls and archives it.
    expect(await dispatchOnce(t.engine)).toBe(1);
    const submission = (await getSubmission(database().db, { id: created.json.id.slice("task_".length) }))!;
    expect(submission).toMatchObject({ user_id: team.member.member.id, state: "accepted", token_id: expect.any(String) });
    await t.pollUntil(submission.task_id!, (task) => task.archive_state === "done");
    expect(await dispatchOnce(t.engine)).toBe(0);

    const done = await read(token, created.json.id);
    expect(done.status).toBe(200);
    expect(done.json).toMatchObject({ id: created.json.id, status: "succeeded", model: "gamma-5-pro", credits_used: expect.any(Number) });
    expect(done.json.data).toHaveLength(1);
    // Charged once, for the one task, whatever the replays.
    expect(before - (await emu.credits(apiKey))).toBe(done.json.credits_used);
    // In the gallery, under its member, with its token.
    const gallery = await call(tasksRoute, "/api/tasks", { cookie: team.viewer.cookie });
    expect(gallery.json.tasks).toMatchObject([
      { id: submission.task_id, member: { name: team.member.member.name }, viaToken: "harbour script" },
    ]);

    // On the Credits page, a row for the token beside its member's, from the same ledger snapshot: they agree.
    const ledger = await call(ledgerRoute, "/api/credits/ledger?period=all", { cookie: team.viewer.cookie });
    const { byToken, byMember } = ledger.json.report;
    const tokenRow = byToken.find((row: { name: string }) => row.name === "harbour script");
    expect(tokenRow).toEqual({
      tokenId: submission.token_id,
      name: "harbour script",
      memberName: team.member.member.name,
      tasks: 1,
      used: done.json.credits_used,
      refunded: 0,
      reservedNow: 0,
    });
    const memberRow = byMember.find((row: { userId: string }) => row.userId === team.member.member.id);
    expect(memberRow.used).toBeGreaterThanOrEqual(tokenRow.used);
    // And in the exports, by the token's name, under the id the gateway answered (gateway-ids.test.ts).
    const csv = await call(tasksCsv, "/api/exports/tasks.csv", { cookie: team.admin.cookie });
    expect(csvRecords(String(csv.json)).find((row) => row.task_id === created.json.id)).toMatchObject({ via_token: "harbour script" });
    const json = await call(tasksJson, "/api/exports/tasks.json", { cookie: team.admin.cookie });
    expect(json.json.find((row: { task_id: string }) => row.task_id === created.json.id)).toMatchObject({ via_token: "harbour script" });

    const url = new URL(done.json.data[0].url);
    expect(url.origin).toBe("http://localhost:3000"); // Darkroom's own address, never the upstream's
    expect(JSON.stringify(done.json)).not.toContain(emu.url);

    const params = { taskId: url.pathname.split("/")[3]!, index: url.pathname.split("/")[4]! };
    const file = await fileRoute(new Request(url), { params: Promise.resolve(params) });
    expect(file.status).toBe(200);
    expect((await file.arrayBuffer()).byteLength).toBeGreaterThan(0);
    // Sent back as an input, the link becomes the upstream's URL of that result and names its source.
    const input = { ...BODIES.gamma("the harbour again"), image_urls: [url.href] };
    const reused = await create(images, token, input);
    expect(reused.status).toBe(202);
    const reusedSubmission = (await getSubmission(database().db, { id: reused.json.id.slice("task_".length) }))!;
    const upstreamUrl = (await getResults(database().db, { taskId: submission.task_id! }))[0]!.upstream_url;
    expect(JSON.parse(reusedSubmission.body).image_urls).toEqual([upstreamUrl]);
    expect(JSON.parse(reusedSubmission.params).image_urls).toEqual([`/api/media/${submission.task_id}/0`]);
    // Expired, forged, or another member's: a 422 on the field, and nothing stored.
    const expired = signedMediaUrl(url.origin, params.taskId, 0, Date.now() - (SIGNED_URL_SECONDS + 60 * 60 + 1) * 1000); // past even its last hour
    const other = await addSignedIn(team.admin.cookie, { role: "member", email: `other${(serial += 1)}@example.com` });
    const otherToken = (await newToken(other)).token;
    for (const [who, link] of [
      [token, expired],
      [token, url.href.replace(/signature=[^&]+/, `signature=${"A".repeat(43)}`)],
      [otherToken, url.href],
    ] as const) {
      const key = `refused-${(serial += 1)}`;
      const refused = await create(images, who, { ...input, image_urls: ["https://cdn.example.com/a.png", link] }, key);
      expectSpecError(refused, 422, "invalid_request");
      expect(refused.json.error.field).toBe("image_urls.1");
      expect(
        await getSubmission(database().db, { id: submissionIdFor(who === token ? team.member.member.id : other.member.id, key) }),
      ).toBeUndefined();
    }

    url.searchParams.set("signature", "forged");
    const forged = await fileRoute(new Request(url), { params: Promise.resolve(params) });
    expect(forged.status).toBe(403);

    // Another member's token cannot see it: 404, as for a task that does not exist.
    expectSpecError(await read(otherToken, created.json.id), 404, "not_found");
    expectSpecError(await read(token, "task_nothing"), 404, "not_found");
  });

  it("answers the spec's statuses for a missing key, a bad body, the wrong endpoint, and no token", async () => {
    const { token } = await newToken(team.member);
    expectSpecError(await create(images, token, BODIES.gamma(), null), 400, "invalid_idempotency_key");
    expectSpecError(await create(images, token, BODIES.gamma(), "spaces are not allowed"), 400, "invalid_idempotency_key");
    const invalid = await create(images, token, { model: "gamma-5-pro", prompt: "" });
    expectSpecError(invalid, 422, "invalid_request");
    expect(invalid.json.error.field).toBe("prompt");
    const wrongKind = await create(images, token, BODIES.alpha());
    expectSpecError(wrongKind, 422, "invalid_request");
    expect(wrongKind.json.error).toMatchObject({ field: "model", message: expect.stringMatching(/POST \/v1\/videos\/generations/) });
    const malformed = await call(images, "/v1/images/generations", {
      method: "POST",
      raw: "{",
      headers: { authorization: `Bearer ${token}`, "idempotency-key": "k" },
    });
    expectSpecError(malformed, 400, "malformed_json");
    // Nested as deep as the body limit allows: malformed, as the API reads anything deeper than 32 levels, before
    // any walk of it (docs/emulator.md).
    const deep = await call(images, "/v1/images/generations", {
      method: "POST",
      raw: `{"model":"gamma-5-pro","prompt":"a kite","image_urls":${"[".repeat(20_000)}${"]".repeat(20_000)}}`,
      headers: { authorization: `Bearer ${token}`, "idempotency-key": "deep" },
    });
    expectSpecError(deep, 400, "malformed_json");
    expectSpecError(await create(images, null, BODIES.gamma()), 401, "unauthorized");
    expectSpecError(await create(images, "dr_not-a-token", BODIES.gamma()), 401, "unauthorized");
  });

  it("keeps each token to its scope", async () => {
    const readOnly = await newToken(team.member, { scope: "read" });
    expectSpecError(await create(images, readOnly.token, BODIES.gamma()), 403, "token_scope");
    const imagesOnly = await newToken(team.member, { scope: "images" });
    expectSpecError(await create(videos, imagesOnly.token, BODIES.alpha()), 403, "token_scope");
  });

  it("goes through the member's budget: past it, a 402 and nothing stored", async () => {
    const emu = emulator();
    const { apiKey } = await emu.account();
    const t = await testEngine(emu, apiKey);
    const spender = await addSignedIn(team.admin.cookie, { role: "member", email: `spender${(serial += 1)}@example.com` });
    const budget = await call(putBudget, "/api/budgets", {
      method: "PUT",
      cookie: team.admin.cookie,
      body: { scope: "member", userId: spender.member.id, period: "day", limit: 50 },
    });
    expect(budget.status).toBe(200);
    const { token } = await newToken(spender);
    const first = await create(images, token, BODIES.gamma());
    expect(first.status).toBe(202);
    await dispatchOnce(t.engine);
    const submission = (await getSubmission(database().db, { id: first.json.id.slice("task_".length) }))!;
    await t.pollUntil(submission.task_id!, (task) => task.status === "succeeded");

    const count = async () =>
      Number(
        (
          await database()
            .db.selectFrom("submissions")
            .select((eb) => eb.fn.countAll().as("n"))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const stored = await count();
    const refused = await create(images, token, BODIES.gamma("one more"));
    expectSpecError(refused, 402, "over_budget");
    expect(await count()).toBe(stored);
  });

  it("refuses past a token's own budget, with nothing stored, and shows what it committed", async () => {
    // gamma-5-pro was charged in this file already: its cost is known.
    const capped = await newToken(team.member, { name: "capped", budgetCredits: 50 });
    expect((await create(images, capped.token, BODIES.gamma("first"))).status).toBe(202);
    const refused = await create(images, capped.token, BODIES.gamma("second"));
    expectSpecError(refused, 402, "over_budget");
    expect(refused.json.error.message).toMatch(/“capped” may commit 50 credits/);
    const listed = await call(listRoute, "/api/settings/access-tokens", { cookie: team.member.cookie });
    const budget = listed.json.tokens.find((t: { id: string }) => t.id === capped.id).budget;
    expect(budget).toEqual({ limit: 50, committed: expect.any(Number) });
    expect(budget.committed).toBeGreaterThan(0);
    expect(budget.committed).toBeLessThanOrEqual(50);
  });

  it("stops a token at once when it is revoked, or its member is made a viewer or disabled", async () => {
    const revoked = await newToken(team.member);
    expect((await read(revoked.token, "task_none")).status).toBe(404);
    const gone = await call(revokeRoute, "/api/settings/access-tokens/x", {
      method: "DELETE",
      cookie: team.member.cookie,
      params: { id: revoked.id },
    });
    expect(gone.status).toBe(204);
    expectSpecError(await read(revoked.token, "task_none"), 401, "unauthorized");

    for (const patch of [{ role: "viewer" }, { disabled: true }]) {
      const who = await addSignedIn(team.admin.cookie, { role: "member", email: `leaver${(serial += 1)}@example.com` });
      const { token, id } = await newToken(who);
      expect((await read(token, "task_none")).status).toBe(404);
      const changed = await call(memberRoute, "/api/members/x", {
        method: "PATCH",
        cookie: team.admin.cookie,
        params: { id: who.member.id },
        body: patch,
      });
      expect(changed.status).toBe(200);
      expectSpecError(await read(token, "task_none"), 401, "unauthorized");
      const row = await database().db.selectFrom("access_tokens").select("revoked_at").where("id", "=", id).executeTakeFirstOrThrow();
      expect(row.revoked_at).not.toBeNull(); // revoked for good, not suspended
    }
  });

  it("limits each token to its requests a minute, with Retry-After", async () => {
    const { token } = await newToken(team.member, { scope: "read" });
    for (let i = 0; i < GATEWAY_RATE_LIMIT; i += 1) expect((await read(token, "task_none")).status).toBe(404);
    const limited = await read(token, "task_none");
    expectSpecError(limited, 429, "rate_limited");
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    // Another token of the same member has its own allowance.
    expect((await read((await newToken(team.member, { scope: "read" })).token, "task_none")).status).toBe(404);
  });
});
