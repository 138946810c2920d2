// Compare over HTTP against the real emulator, on SQLite and Postgres: one prompt to several models as one
// comparison through the normal queue and budgets (each column its own Idempotency-Key, stored before
// anything is sent; a replay charges nothing more), bad input refused with nothing stored, a re-run, the
// favourite, the gallery's filter and the roles. Every test that sends ends on the money and slot invariants.
import { randomUUID } from "node:crypto";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import * as comparisonRoute from "@/app/api/comparisons/[id]/route";
import * as runsRoute from "@/app/api/comparisons/[id]/runs/route";
import * as comparisonsRoute from "@/app/api/comparisons/route";
import { GET as listTasks } from "@/app/api/tasks/route";
import { emulatorForFile, FAST_TIMINGS } from "@/emulator/testing";
import { database } from "@/lib/db";
import { upsertBudget } from "@/lib/db/budgets";
import { call, expectError, expectNoInternals, seedTeam, type Team } from "@/lib/testing/app";
import { clearEngineTables, countCalls, testEngine, type UpstreamCall } from "@/lib/testing/engine";
import { PAST_CHARGE, PAST_CHARGE_TASKS, recordPastCharge } from "@/lib/testing/past-charge";
import { dispatchOnce } from "@/lib/tasks/engine/dispatch";

const emulator = emulatorForFile({ timings: FAST_TIMINGS });
const START = 100_000; // an emulator account's credits
let team: Team;
const db = () => database().db;
const creations = (calls: UpstreamCall[]) => calls.filter((c) => c.method.startsWith("create"));
const submissions = () => db().selectFrom("submissions").selectAll().orderBy("position").execute();
const tasks = () => db().selectFrom("tasks").selectAll().where("id", "not in", PAST_CHARGE_TASKS).execute();
const comparisonRows = () => db().selectFrom("comparisons").selectAll().execute();

// Three image columns (one with its own settings) and a video, from one prompt.
const FOUR = [
  { model: "gamma-5-pro" },
  { model: "delta-image-2" },
  { model: "gamma-5-pro", settings: { aspect_ratio: "16:9" } },
  { model: "epsilon-v6", settings: { mode: "text-to-video", quality: "360p", duration: 1 } },
];

const create = (cookie: string, body: Record<string, unknown>) =>
  call(comparisonsRoute.POST, "/api/comparisons", { method: "POST", cookie, body });
const compare = (columns: unknown[], comparisonId = randomUUID(), prompt = "a lighthouse in a storm") =>
  create(team.member.cookie, { comparisonId, prompt, columns });
const view = (id: string, cookie = team.member.cookie) => call(comparisonRoute.GET, `/api/comparisons/${id}`, { cookie, params: { id } });
const rerun = (id: string, column: number, cookie = team.member.cookie, submissionId = randomUUID()) =>
  call(runsRoute.POST, `/api/comparisons/${id}/runs`, { method: "POST", cookie, params: { id }, body: { submissionId, column } });
const favourite = (id: string, submissionId: string | null, cookie = team.member.cookie) =>
  call(comparisonRoute.PATCH, `/api/comparisons/${id}`, { method: "PATCH", cookie, params: { id }, body: { favourite: submissionId } });

/** Sends everything waiting, as the loop would, and answers the engine's upstream calls. */
async function sendAll(apiKey: string) {
  const t = await testEngine(emulator(), apiKey);
  const calls = countCalls(t.engine);
  while ((await dispatchOnce(t.engine)) > 0);
  return { t, calls };
}

/** Money and slots: the emulator charged exactly what the tasks record, every sent submission has its one task. */
async function expectMoneyAndSlots(apiKey: string, stored: number) {
  const rows = await tasks();
  const charged = rows.reduce((sum, t) => sum + Number(t.credits_reserved ?? 0) - Number(t.credits_refunded ?? 0), 0);
  expect(START - (await emulator().credits(apiKey))).toBe(charged);
  const subs = await submissions();
  expect(subs).toHaveLength(stored);
  for (const s of subs) expect(["queued", "sending", "accepted"]).toContain(s.state);
  for (const s of subs.filter((s) => s.state === "accepted")) expect(rows.filter((t) => t.submission_id === s.id)).toHaveLength(1);
  expect(new Set(subs.map((s) => s.task_id).filter(Boolean)).size).toBe(subs.filter((s) => s.task_id).length);
}

beforeAll(async () => {
  team = await seedTeam();
});
beforeEach(async () => {
  await clearEngineTables();
  await db().deleteFrom("comparisons").execute();
  await db().deleteFrom("budgets").execute();
});

describe("POST /api/comparisons", () => {
  it("sends one prompt to four models, each column with its own Idempotency-Key; a replay charges nothing more", async () => {
    const { apiKey } = await emulator().account();
    const id = randomUUID();
    const first = await compare(FOUR, id);
    expect(first.status).toBe(201);
    expect(first.json.comparison).toMatchObject({ id, prompt: "a lighthouse in a storm", favourite: null });
    expect(first.json.comparison.columns.map((c: { model: string; kind: string }) => [c.model, c.kind])).toEqual([
      ["gamma-5-pro", "image"],
      ["delta-image-2", "image"],
      ["gamma-5-pro", "image"],
      ["epsilon-v6", "video"],
    ]);
    expectNoInternals(first.json);

    // Stored before anything is sent, each with its own key, the comparison's prompt and the column's settings.
    const stored = await submissions();
    expect(stored).toHaveLength(4);
    expect(stored.every((s) => s.state === "queued" && s.comparison_id === id)).toBe(true);
    expect(stored.map((s) => s.comparison_column)).toEqual([0, 1, 2, 3]);
    expect(new Set(stored.map((s) => s.idempotency_key)).size).toBe(4);
    expect(stored.map((s) => JSON.parse(s.body).prompt)).toEqual(Array(4).fill("a lighthouse in a storm"));
    expect(JSON.parse(stored[2]!.body).aspect_ratio).toBe("16:9");

    const { calls } = await sendAll(apiKey);
    expect(
      creations(calls)
        .map((c) => c.target)
        .sort(),
    ).toEqual(stored.map((s) => s.idempotency_key).sort());
    const spent = START - (await emulator().credits(apiKey));
    expect(spent).toBeGreaterThan(0);

    // The same comparison again (a double click, a resend): the stored columns answer, nothing new is sent.
    const again = await compare(FOUR, id);
    expect(again.status).toBe(200);
    expect(again.json.repeated).toBe(true);
    expect(await submissions()).toHaveLength(4);
    const replay = await sendAll(apiKey);
    expect(creations(replay.calls)).toHaveLength(0);
    expect(START - (await emulator().credits(apiKey))).toBe(spent);
    expect(await comparisonRows()).toHaveLength(1);

    // The view: each column's task with what the API reserved for it, as the task records it.
    const shown = await view(id);
    expect(shown.status).toBe(200);
    const reserved = Object.fromEntries((await tasks()).map((t) => [t.id, t.credits_reserved]));
    for (const column of shown.json.comparison.columns) {
      expect(column.submission.state).toBe("accepted");
      expect(column.task.credits.reserved).toBe(reserved[column.task.id]);
    }
    // Another id for another comparison is refused, not silently answered with the first.
    expectError(await compare(FOUR.slice(0, 2), id), 409, "conflict:comparison");
    expectError(await compare([FOUR[1], FOUR[0], FOUR[2], FOUR[3]], id), 409, "conflict:submission");
    await expectMoneyAndSlots(apiKey, 4);
  });

  it("refuses 1 or 7 models, an unknown model and invalid settings with the column named, and stores nothing", async () => {
    const one = await compare([{ model: "gamma-5-pro" }]);
    expectError(one, 422, "invalid:body");
    expect(one.json.error.message).toBe("Choose at least 2 models to compare.");
    const seven = await compare(Array(7).fill({ model: "gamma-5-pro" }));
    expectError(seven, 422, "invalid:body");
    expect(seven.json.error.message).toBe("Compare at most 6 models at once.");
    const unknown = await compare([{ model: "gamma-5-pro" }, { model: "omega-1" }]);
    expectError(unknown, 422, "invalid:body");
    expect(unknown.json.error.fields).toEqual({ "columns.1.model": expect.stringMatching(/^Choose a model/) });
    const invalid = await compare([{ model: "gamma-5-pro" }, { model: "epsilon-v6", settings: { mode: "text-to-video", duration: 999 } }]);
    expectError(invalid, 422, "invalid:body");
    expect(Object.keys(invalid.json.error.fields)).toEqual(["columns.1.duration"]);
    expectError(await create(team.member.cookie, { comparisonId: randomUUID(), prompt: "  ", columns: FOUR }), 422, "invalid:body");
    expect(await submissions()).toHaveLength(0);
    expect(await comparisonRows()).toHaveLength(0);
  });

  it("keeps each column's settings and says them in its form's words; bad settings are refused naming the column", async () => {
    const id = randomUUID();
    const columns = [
      { model: "gamma-5-pro", settings: { quality: "high", aspect_ratio: "16:9" } },
      { model: "gamma-5-pro" },
      { model: "epsilon-v6", settings: { mode: "text-to-video", quality: "360p", duration: 1, generate_audio: true } },
      { model: "delta-image-2", settings: { n: 2 } },
    ];
    const made = await compare(columns, id);
    expect(made.status).toBe(201);
    const words = (column: { settings: { label: string; value: string }[] }) =>
      column.settings.map(({ label, value }) => `${label}: ${value}`);
    const shown = (await view(id)).json.comparison.columns;
    // The workspace's "High quality" is what the column says it ran with, beside the same model's defaults.
    expect(words(shown[0])).toEqual(["Aspect ratio: 16:9", "Quality: High", "Format: PNG"]);
    expect(words(shown[1])).toEqual(["Aspect ratio: 1:1", "Quality: Basic", "Format: PNG"]);
    expect(words(shown[2])).toEqual(expect.arrayContaining(["Mode: Text", "Duration: 1 s", "Quality: 360p", "Audio: On"]));
    // An optional choice left to the API says so; the count of images is a setting.
    expect(words(shown[3])).toEqual(["Aspect ratio: API default", "Quality: API default", "Images: 2"]);
    // What the page shows is what the submission stored and sends.
    expect(JSON.parse((await submissions())[0]!.params)).toMatchObject({ quality: "high", aspect_ratio: "16:9" });

    // Settings the model's schema refuses: 422 with the column's field named, and nothing stored.
    await clearEngineTables();
    await db().deleteFrom("comparisons").execute();
    const bad = await compare([
      { model: "gamma-5-pro", settings: { quality: "ultra" } },
      { model: "delta-image-2", settings: { n: 9 } },
    ]);
    expectError(bad, 422, "invalid:body");
    expect(Object.keys(bad.json.error.fields).sort()).toEqual(["columns.0.quality", "columns.1.n"]);
    const stray = await compare([{ model: "gamma-5-pro", settings: { seed: 4 } }, { model: "delta-image-2" }]);
    expect(stray.json.error.fields).toEqual({ "columns.0": "Not a field of gamma-5-pro (check its spelling)" });
    const shapeless = await compare([{ model: "gamma-5-pro" }, { model: "delta-image-2", settings: "high" }]);
    expect(Object.keys(shapeless.json.error.fields)).toEqual(["columns.1.settings"]);
    expect(await submissions()).toHaveLength(0);
    expect(await comparisonRows()).toHaveLength(0);
  });

  it("is refused by a budget as one submission of that many runs would be, with nothing stored or sent", async () => {
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
    const three = [{ model: "gamma-5-pro" }, { model: "gamma-5-pro" }, { model: "gamma-5-pro" }];
    const over = await compare(three);
    expectError(over, 409, "conflict:over_budget");
    expect(over.json.error.message).toContain(`these 3 runs need ${PAST_CHARGE * 3}`);
    expect(await submissions()).toHaveLength(0);
    expect(await comparisonRows()).toHaveLength(0);

    // Two fit.
    expect((await compare(three.slice(0, 2))).status).toBe(201);
    const { calls } = await sendAll(apiKey);
    expect(creations(calls)).toHaveLength(2);
    await expectMoneyAndSlots(apiKey, 2);
  });
});

describe("a comparison's column, favourite and roles", () => {
  it("re-runs one column as a new submission with a new key, once however often it is sent", async () => {
    const { apiKey } = await emulator().account();
    const id = randomUUID();
    expect((await compare(FOUR.slice(0, 2), id)).status).toBe(201);
    await sendAll(apiKey);
    const before = await submissions();

    const runId = randomUUID();
    const first = await rerun(id, 1, team.member.cookie, runId);
    expect(first.status).toBe(202);
    expect(first.json.submission).toMatchObject({ id: runId, model: "delta-image-2", state: "queued" });
    expect((await rerun(id, 1, team.member.cookie, runId)).status).toBe(200);
    const after = await submissions();
    expect(after).toHaveLength(3);
    const added = after.find((s) => s.id === runId)!;
    expect(added).toMatchObject({ comparison_id: id, comparison_column: 1, body: before[1]!.body });
    expect(before.map((s) => s.idempotency_key)).not.toContain(added.idempotency_key);

    const { calls } = await sendAll(apiKey);
    expect(creations(calls).map((c) => c.target)).toEqual([added.idempotency_key]);
    const shown = (await view(id)).json.comparison;
    expect(shown.columns.map((c: { runs: number }) => c.runs)).toEqual([1, 2]);
    expect(shown.columns[1].submission.id).toBe(runId);
    expectError(await rerun(id, 5), 404, "not_found:comparison_column");
    expectError(await rerun(randomUUID(), 0), 404, "not_found:comparison");
    await expectMoneyAndSlots(apiKey, 3);
  });

  it("picks and clears a favourite among its own columns; the gallery filters by the comparison", async () => {
    const { apiKey } = await emulator().account();
    const id = randomUUID();
    const made = await compare(FOUR.slice(0, 2), id);
    const other = await compare(FOUR.slice(0, 2));
    await sendAll(apiKey);
    const pick = made.json.comparison.columns[1].submission.id;

    const picked = await favourite(id, pick);
    expect(picked.status).toBe(200);
    expect(picked.json.comparison.favourite).toBe(pick);
    expectError(await favourite(id, other.json.comparison.columns[0].submission.id), 422, "invalid:favourite");
    expect((await favourite(id, null, team.admin.cookie)).json.comparison.favourite).toBeNull();

    const listed = await call(listTasks, `/api/tasks?comparison=${id}`, { cookie: team.viewer.cookie });
    expect(listed.status).toBe(200);
    const ours = (await submissions()).filter((s) => s.comparison_id === id).map((s) => s.task_id);
    expect(listed.json.tasks.map((t: { id: string }) => t.id).sort()).toEqual(ours.sort());
    const list = await call(comparisonsRoute.GET, "/api/comparisons", { cookie: team.viewer.cookie });
    expect(list.json.comparisons.map((c: { id: string; models: number }) => [c.id, c.models])).toContainEqual([id, 2]);
    await expectMoneyAndSlots(apiKey, 4);
  });

  it("lets viewers look but not compare, re-run or pick; another member cannot change someone's comparison", async () => {
    const id = randomUUID();
    expect((await compare(FOUR.slice(0, 2), id)).status).toBe(201);
    expectError(await create(team.viewer.cookie, { comparisonId: randomUUID(), prompt: "x", columns: FOUR }), 403, "forbidden:role");
    expectError(await rerun(id, 0, team.viewer.cookie), 403, "forbidden:role");
    expectError(await favourite(id, null, team.viewer.cookie), 403, "forbidden:role");
    expect((await view(id, team.viewer.cookie)).status).toBe(200);
    const stranger = await create(team.admin.cookie, { comparisonId: randomUUID(), prompt: "theirs", columns: FOUR.slice(0, 2) });
    expectError(await favourite(stranger.json.comparison.id, null), 403, "forbidden:comparison");
    expectError(await rerun(stranger.json.comparison.id, 0), 403, "forbidden:comparison");
    expectError(await view(randomUUID()), 404, "not_found:comparison");
    expect(await submissions()).toHaveLength(4);
  });
});
