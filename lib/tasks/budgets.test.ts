// Budgets against the real emulator over HTTP, on SQLite and Postgres: refusal before anything is queued,
// refunds, two instances at once, alerts once per threshold, "allow once", the dispatcher's re-check, and a
// model the team was never charged for (one goes out, the rest wait for its charge).
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { BODIES, emulatorForFile, FAST_TIMINGS, sleep } from "@/emulator/testing";
import { checkBudgetAlerts } from "@/lib/budgets/alerts";
import { setInstanceValue } from "@/lib/db/instance";
import { budgetStatus } from "@/lib/budgets/status";
import { database } from "@/lib/db";
import { FIRST_CHARGE, insertBalance, insertGrant, latestBalance, OVER_BUDGET, upsertBudget, type Budget } from "@/lib/db/budgets";
import { connect, type Connection } from "@/lib/db/connect";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { migrated } from "@/lib/testing/app";
import { PAST_CHARGE, PAST_CHARGE_TASKS, recordPastCharge } from "@/lib/testing/past-charge";
import { clearEngineTables, countCalls, testEngine, type TestEngine, type UpstreamCall } from "@/lib/testing/engine";
import { listQueued } from "@/lib/db/submissions";
import { dispatchOnce } from "./engine/dispatch";
import { pollOnce } from "./engine/poll";
import { explainQueue } from "./queue-reasons";
import { submit } from "./submit";

const emulator = emulatorForFile({ timings: FAST_TIMINGS });
const START = 100_000;
const PRICE = PAST_CHARGE; // gamma-5-pro on the free plan: the earlier charge and the emulator's price agree
const MEMBER = "user_test"; // testEngine submits as this member
const db = () => database().db;
const creations = (calls: UpstreamCall[]) => calls.filter((c) => c.method.startsWith("create"));
const submissions = () => db().selectFrom("submissions").selectAll().orderBy("position").execute();
const tasks = () => db().selectFrom("tasks").selectAll().where("id", "not in", PAST_CHARGE_TASKS).execute();

async function setBudget(
  limit: number,
  { scope = "member", period = "day" }: { scope?: "member" | "team"; period?: Budget["period"] } = {},
) {
  const { budget } = await upsertBudget(db(), {
    scope,
    user_id: scope === "team" ? "" : MEMBER,
    period,
    limit_credits: limit,
    updated_by: null,
    updated_at: new Date().toISOString(),
  });
  return budget;
}

/** Why each waiting submission waits, as the queue answers it. */
async function reasons(t: TestEngine): Promise<Map<string, string>> {
  const waiting = await listQueued(db());
  const explained = await explainQueue({ connection: database(), keyId: t.engine.keyId, now: t.engine.now() }, waiting);
  return new Map(waiting.map((s) => [s.id, explained.get(s.id)!.reason.words]));
}

const committed = async (budget: Budget) => (await budgetStatus(db(), budget, { now: new Date(), timeZone: "UTC" })).committed;

async function refused(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

/** Money and slots: every charge recorded, no slot held by a finished task, no submission lost. */
async function expectMoneyAndSlots(emuCredits: number, stored: number) {
  const rows = await tasks();
  const charged = rows.reduce((sum, t) => sum + Number(t.credits_reserved ?? 0) - Number(t.credits_refunded ?? 0), 0);
  expect(START - emuCredits).toBe(charged);
  const subs = await submissions();
  expect(subs).toHaveLength(stored);
  for (const s of subs) expect(["queued", "sending", "accepted"]).toContain(s.state);
  for (const s of subs.filter((s) => s.state === "accepted")) expect(rows.some((t) => t.id === s.task_id)).toBe(true);
}

beforeAll(migrated);
beforeEach(async () => {
  await clearEngineTables();
  await recordPastCharge(db(), MEMBER);
  for (const table of ["budgets", "budget_grants", "budget_alerts", "budget_alert_dismissals", "balance_entries", "audit_log"] as const)
    await db().deleteFrom(table).execute();
});

describe("budgets at submission", () => {
  it("refuses a member at their limit, single and batch, with nothing queued and nothing sent", async () => {
    const emu = emulator();
    const { apiKey } = await emu.account();
    const t = await testEngine(emu, apiKey);
    const calls = countCalls(t.engine);
    const budget = await setBudget(2 * PRICE);

    await t.submit(BODIES.gamma(), { runs: 2 });
    expect(await committed(budget)).toBe(2 * PRICE);
    const single = await refused(t.submit(BODIES.gamma("one more")));
    expect(single.status).toBe(409);
    expect(single.message).toBe("Your daily budget has 0 credits left; this needs 44. It renews at 00:00, UTC time.");
    const batch = await refused(t.submit(BODIES.gamma("three more"), { runs: 3 }));
    expect(batch.message).toContain("these 3 runs need 132");
    expect(await submissions()).toHaveLength(2);

    while ((await dispatchOnce(t.engine)) > 0);
    expect(creations(calls)).toHaveLength(2);
    expect(await emu.credits(apiKey)).toBe(START - 2 * PRICE);
    expect(await committed(budget)).toBe(2 * PRICE); // the estimate became what the tasks reserved
    await expectMoneyAndSlots(await emu.credits(apiKey), 2);
  });

  it("refuses what would cross the team's budget whoever submits, and allows what fits", async () => {
    const emu = emulator();
    const { apiKey } = await emu.account();
    const t = await testEngine(emu, apiKey);
    await setBudget(100, { scope: "team", period: "month" });
    await submit({
      connection: database(),
      submission: {
        id: randomUUID(),
        userId: "someone_else",
        model: "gamma-5-pro",
        kind: "image",
        endpoint: "images",
        request: BODIES.gamma(),
      },
    });
    await t.submit(BODIES.gamma());
    const error = await refused(t.submit(BODIES.gamma("third")));
    expect(error.message).toMatch(
      /^The team's monthly budget has 12 credits left; this needs 44\. It renews on 1 \w+ at 00:00, UTC time\.$/,
    );
  });

  it("gives a refund back to the budget when it settles", { timeout: 60_000 }, async () => {
    const emu = emulator();
    const { apiKey } = await emu.account();
    const t = await testEngine(emu, apiKey);
    const budget = await setBudget(PRICE);
    const [id] = await t.submit(BODIES.gamma("this one [[fail]]s"));
    await refused(t.submit(BODIES.gamma()));
    await dispatchOnce(t.engine);
    const taskId = (await submissions()).find((s) => s.id === id)!.task_id!;
    expect(await committed(budget)).toBe(PRICE);
    await t.pollUntil(taskId, (task) => task.credits_refunded !== null, 40);
    expect(await committed(budget)).toBe(0);
    await t.submit(BODIES.gamma("fits again"));
    expect(await committed(budget)).toBe(PRICE);
    await expectMoneyAndSlots(await emu.credits(apiKey), 2);
  });

  describe("two instances submitting at once", () => {
    const extra: Connection[] = [];
    afterAll(async () => {
      await Promise.all(extra.map((c) => c.db.destroy()));
    });

    it("cannot together exceed a budget: the check and the insert are one step", { timeout: 60_000 }, async () => {
      const budget = await setBudget(5 * PRICE);
      const second = database().dialect === "postgres" ? connect(env.DATABASE_URL) : database();
      if (second !== database()) extra.push(second);
      const attempts = Array.from({ length: 24 }, (_, i) =>
        submit({
          connection: i % 2 === 0 ? database() : second,
          submission: {
            id: randomUUID(),
            userId: MEMBER,
            model: "gamma-5-pro",
            kind: "image",
            endpoint: "images",
            request: BODIES.gamma(`race ${i}`),
          },
        }).then(
          () => "stored" as const,
          (error: unknown) =>
            error instanceof AppError && error.code === "conflict:over_budget" ? ("refused" as const) : Promise.reject(error),
        ),
      );
      const outcomes = await Promise.all(attempts);
      expect(outcomes.filter((o) => o === "stored")).toHaveLength(5);
      const stored = await submissions();
      expect(stored.reduce((sum, s) => sum + Number(s.estimated_credits), 0)).toBeLessThanOrEqual(5 * PRICE);
      expect(await committed(budget)).toBe(5 * PRICE);
    });
  });

  it("'allow once' lets exactly one submission over the member's budget, and is audited", async () => {
    const emu = emulator();
    const { apiKey } = await emu.account();
    const t = await testEngine(emu, apiKey);
    await setBudget(PRICE);
    await t.submit(BODIES.gamma());
    const grant = await insertGrant(db(), { userId: MEMBER, grantedBy: "admin", now: new Date().toISOString() });
    // Two at once with one grant: one goes through on it, the other is refused.
    const both = await Promise.allSettled([t.submit(BODIES.gamma("a")), t.submit(BODIES.gamma("b"))]);
    expect(both.map((r) => r.status).sort()).toEqual(["fulfilled", "rejected"]);
    await refused(t.submit(BODIES.gamma("c")));
    const rows = await submissions();
    expect(rows.filter((s) => s.budget_grant_id === grant)).toHaveLength(1);
    const used = await db().selectFrom("budget_grants").selectAll().execute();
    expect(used).toMatchObject([{ id: grant, used_by_submission: rows[1]!.id }]);
    const audit = await db().selectFrom("audit_log").selectAll().where("action", "=", "budget.allow_once_used").execute();
    expect(audit).toHaveLength(1);

    // The dispatcher does not hold what went over with the grant.
    const calls = countCalls(t.engine);
    while ((await dispatchOnce(t.engine)) > 0);
    expect(creations(calls)).toHaveLength(2);
  });
});

describe("a model the team was never charged for", () => {
  // Darkroom never computes a price: until the API charges this model once, its cost is unknown. One such
  // submission goes out at a time under a budget; the rest wait for its charge and are then judged by it.
  const ALPHA_PRICE = 38; // alpha-2.3's defaults (768p, 6 s) on the free plan: learnt from the first task only
  const BETA = (prompt: string) => ({
    model: "beta-2.0",
    mode: "text-to-video",
    prompt,
    resolution: "480p",
    duration: 4,
    generate_audio: false,
  });
  const BETA_PRICE = 15;
  const FIRST_CHARGE_WORDS = "Waiting for the first charge of these settings";

  it("runs: 10 under a 1-credit budget: one is sent, nine wait for its charge, then are held by it", async () => {
    const emu = emulator();
    const { apiKey } = await emu.account();
    const t = await testEngine(emu, apiKey);
    const calls = countCalls(t.engine);
    const budget = await setBudget(1);
    // The first answer is lost after the API charged it: the charge stays unknown until the same-key resend.
    await emu.faults([{ kind: "accept_then_status", status: 500, path: "/v1/videos", times: 1 }]);
    const ids = await t.submit(BODIES.alpha(), { runs: 10 });
    expect(ids).toHaveLength(10);

    await dispatchOnce(t.engine);
    expect(creations(calls)).toHaveLength(1);
    const waiting = await reasons(t);
    expect(ids.slice(1).map((id) => waiting.get(id))).toEqual(Array(9).fill(FIRST_CHARGE_WORDS));
    expect((await submissions()).filter((s) => s.error_code === FIRST_CHARGE)).toHaveLength(9);

    // The resend (same key) is accepted with what the API reserved: the other nine are judged by it.
    for (let step = 0; step < 10 && (await submissions())[0]!.state !== "accepted"; step += 1) {
      await t.advance(2);
      await dispatchOnce(t.engine);
    }
    await t.advance(6);
    await dispatchOnce(t.engine);
    const sent = creations(calls);
    expect(new Set(sent.map((c) => c.target)).size).toBe(1);
    expect(await emu.credits(apiKey)).toBe(START - ALPHA_PRICE);
    const rows = await submissions();
    expect(rows[0]).toMatchObject({ state: "accepted" });
    for (const held of rows.slice(1)) {
      expect(held).toMatchObject({ state: "queued", error_code: OVER_BUDGET, estimated_credits: ALPHA_PRICE });
      expect(held.error_message).toMatch(/^Over budget: its member's daily budget has 0 credits left and this needs 38\./);
    }
    const after = await reasons(t);
    expect(ids.slice(1).map((id) => after.get(id))).toEqual(Array(9).fill(expect.stringMatching(/^Over budget, checking again in/)));

    // Nothing more goes out later, and new submissions are refused at once, this model's or another new one's.
    await t.advance(61);
    while ((await dispatchOnce(t.engine)) > 0);
    expect(creations(calls)).toHaveLength(sent.length);
    expect((await refused(t.submit(BODIES.alpha("one more")))).message).toBe(
      "Your daily budget has 0 credits left; this needs 38. It renews at 00:00, UTC time.",
    );
    expect((await refused(t.submit(BETA("a kite")))).message).toBe(
      "Your daily budget has 0 credits left; this configuration's cost is not known until the API charges it once. It renews at 00:00, UTC time.",
    );
    // The budget was passed by that one task only.
    const status = await budgetStatus(db(), budget, { now: new Date(), timeZone: "UTC" });
    expect(status.used + status.reserved).toBe(ALPHA_PRICE);
    await expectMoneyAndSlots(await emu.credits(apiKey), 10);
  });

  describe("two instances dispatching at once", () => {
    const extra: Connection[] = [];
    afterAll(async () => {
      await Promise.all(extra.map((c) => c.db.destroy()));
    });

    it("20 submissions at once under a 1-credit team budget: exactly one is sent", { timeout: 60_000 }, async () => {
      const emu = emulator();
      const { apiKey } = await emu.account();
      const t = await testEngine(emu, apiKey);
      const calls = countCalls(t.engine);
      const second = database().dialect === "postgres" ? connect(env.DATABASE_URL) : database();
      if (second !== database()) extra.push(second);
      // Another instance: its own owner and connection, the same upstream and clock.
      const other = { ...t.engine, owner: randomUUID(), connection: second };
      await setBudget(1, { scope: "team" });
      const outcomes = await Promise.allSettled(
        Array.from({ length: 20 }, (_, i) =>
          submit({
            connection: i % 2 === 0 ? database() : second,
            submission: {
              id: randomUUID(),
              userId: i % 3 === 0 ? "someone_else" : MEMBER,
              model: "beta-2.0",
              kind: "video",
              endpoint: "videos",
              request: BETA(`race ${i}`),
            },
          }),
        ),
      );
      expect(outcomes.filter((o) => o.status === "fulfilled")).toHaveLength(20);

      // Both instances dispatch together until every submission is sent or held by the charge now known.
      for (let step = 0; step < 10; step += 1) {
        await Promise.all([dispatchOnce(t.engine), dispatchOnce(other)]);
        if ((await submissions()).filter((s) => s.error_code === OVER_BUDGET).length === 19) break;
        await t.advance(6);
      }
      expect(creations(calls)).toHaveLength(1);
      expect(await emu.credits(apiKey)).toBe(START - BETA_PRICE);
      const rows = await submissions();
      expect(rows.filter((s) => s.state === "accepted")).toHaveLength(1);
      expect(rows.filter((s) => s.state === "queued" && s.error_code === OVER_BUDGET)).toHaveLength(19);
      await expectMoneyAndSlots(await emu.credits(apiKey), 20);
    });
  });

  it("a model with a charge history is judged by it as before: what fits goes out together, unheld", async () => {
    const emu = emulator();
    const { apiKey } = await emu.account();
    const t = await testEngine(emu, apiKey);
    const calls = countCalls(t.engine);
    await setBudget(3 * PRICE);
    await t.submit(BODIES.gamma(), { runs: 3 });
    await refused(t.submit(BODIES.gamma("a fourth")));
    expect(await dispatchOnce(t.engine)).toBe(3);
    expect(creations(calls)).toHaveLength(3);
    expect((await submissions()).every((s) => s.state === "accepted" && Number(s.estimated_credits) === PRICE)).toBe(true);
    await expectMoneyAndSlots(await emu.credits(apiKey), 3);
  });
});

describe("budget alerts", () => {
  it("fire once per threshold and period, also after a restart on a new connection", async () => {
    const budget = await setBudget(100);
    // With a webhook set, each alert is also stored for posting, once (delivery is lib/webhooks' test).
    await setInstanceValue(db(), { key: "webhook_url", value: "https://hooks.example.com/services/T1/B2/x" });
    const emu = emulator();
    const { apiKey } = await emu.account();
    const t = await testEngine(emu, apiKey);
    await t.submit(BODIES.gamma("first")); // 44%
    expect(await db().selectFrom("budget_alerts").selectAll().execute()).toEqual([]);
    await t.submit(BODIES.gamma("second")); // 88%
    const alerts = await db().selectFrom("budget_alerts").selectAll().orderBy("threshold").execute();
    expect(alerts).toMatchObject([
      { budget_id: budget.id, threshold: 50, user_id: MEMBER, period: "day", committed: 88, limit_credits: 100 },
      { budget_id: budget.id, threshold: 80 },
    ]);

    const restarted = connect(env.DATABASE_URL);
    try {
      expect(await checkBudgetAlerts(restarted, { userId: MEMBER, now: new Date() })).toEqual([]);
      expect(await checkBudgetAlerts(database(), { userId: MEMBER, now: new Date() })).toEqual([]);
      await setBudget(88); // lowered: now at 100%
      const fired = await Promise.all([
        checkBudgetAlerts(restarted, { userId: MEMBER, now: new Date() }),
        checkBudgetAlerts(database(), { userId: MEMBER, now: new Date() }),
      ]);
      expect(fired.flat().map((a) => a.threshold)).toEqual([100]);
    } finally {
      if (restarted.dialect === "postgres") await restarted.db.destroy();
    }
    expect(await db().selectFrom("budget_alerts").select("threshold").orderBy("threshold").execute()).toEqual([
      { threshold: 50 },
      { threshold: 80 },
      { threshold: 100 },
    ]);
    const posts = await db().selectFrom("webhook_deliveries").select(["kind", "body"]).execute();
    expect(posts.map((post) => post.kind)).toEqual(["budget.alert", "budget.alert", "budget.alert"]);
    const thresholds = posts.map(
      (post) => (JSON.parse(post.body) as { darkroom: { data: { threshold: number } } }).darkroom.data.threshold,
    );
    expect(thresholds.sort((a, b) => a - b)).toEqual([50, 80, 100]);
  });
});

describe("the dispatcher's re-check", () => {
  it("holds a queued submission whose budget was lowered, sends nothing for it, and releases it when allowed", async () => {
    const emu = emulator();
    const { apiKey } = await emu.account();
    const t = await testEngine(emu, apiKey);
    const calls = countCalls(t.engine);
    await setBudget(2 * PRICE);
    const [first, second] = await t.submit(BODIES.gamma(), { runs: 2 });
    await setBudget(PRICE);

    await dispatchOnce(t.engine);
    await dispatchOnce(t.engine);
    expect(creations(calls)).toHaveLength(1);
    const held = (await submissions()).find((s) => s.id === second)!;
    expect(held).toMatchObject({ state: "queued", error_code: OVER_BUDGET });
    expect(held.error_message).toMatch(/^Over budget: its member's daily budget has 0 credits left and this needs 44\./);
    expect((await submissions()).find((s) => s.id === first)!.state).toBe("accepted");

    await setBudget(2 * PRICE);
    await t.advance(61);
    await dispatchOnce(t.engine);
    expect(creations(calls)).toHaveLength(2);
    expect((await submissions()).find((s) => s.id === second)).toMatchObject({ state: "accepted", error_code: null });
    await sleep(10);
    await pollOnce(t.engine);
    await expectMoneyAndSlots(await emu.credits(apiKey), 2);
  });
});

describe("the balance estimate", () => {
  it("is marked confirmed low when the API answers 402 (credits short), and nothing is charged", async () => {
    const emu = emulator();
    const { apiKey } = await emu.account({ credits: 10 });
    const t = await testEngine(emu, apiKey);
    await insertBalance(db(), { amount: 500, enteredBy: "admin", now: new Date().toISOString() });
    await t.submit(BODIES.gamma());
    await dispatchOnce(t.engine);
    expect((await submissions())[0]).toMatchObject({ state: "rejected", error_code: "insufficient_credits" });
    expect((await latestBalance(db()))?.confirmed_low_at).toEqual(expect.any(String));
    expect(await emu.credits(apiKey)).toBe(10);
  });
});
