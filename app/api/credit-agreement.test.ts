// Agreement is tested, not hoped (issue 26, part 2): a random team, a random stream of submissions, creations,
// successes, failures, refunds pending and settled, imports and cancellations, driven through the real engine
// against the real emulator; at 20 moments (chosen by step, never by wall time) every answer that carries a
// credit figure is read and compared with every other and with a recount from the raw tasks and submissions.
// A failure names its seed and moment; `AGREEMENT_SEEDS=7` reruns one seed.
import { randomUUID } from "node:crypto";
import { isDeepStrictEqual } from "node:util";
import { beforeAll, describe, expect, it } from "vitest";
import { GET as balanceRoute, PUT as enterBalanceRoute } from "@/app/api/balance/route";
import { GET as budgetsRoute } from "@/app/api/budgets/route";
import { GET as ledgerRoute } from "@/app/api/credits/ledger/route";
import { GET as tasksCsv } from "@/app/api/exports/tasks.csv/route";
import { GET as tasksExport } from "@/app/api/exports/tasks.json/route";
import { GET as usageCsv } from "@/app/api/exports/usage.csv/route";
import { GET as usageExport } from "@/app/api/exports/usage.json/route";
import { GET as meRoute } from "@/app/api/me/route";
import { GET as taskRoute } from "@/app/api/tasks/[id]/route";
import { GET as tasksRoute } from "@/app/api/tasks/route";
import { BODIES, emulatorForFile, FAST_TIMINGS } from "@/emulator/testing";
import type { SessionUser } from "@/lib/auth/session";
import { BUDGET_PERIODS, periodBounds } from "@/lib/budgets/period";
import { TEAM_TIME_ZONE } from "@/lib/budgets/status";
import type { LedgerSnapshot } from "@/lib/credits/snapshot";
import { database } from "@/lib/db";
import { upsertBudget } from "@/lib/db/budgets";
import { setInstanceValue } from "@/lib/db/instance";
import { insertTask } from "@/lib/db/tasks";
import type { BudgetView } from "@/lib/schemas/budgets";
import type { TaskView } from "@/lib/schemas/views";
import { addSignedIn, call, setupAdmin, type Signed } from "@/lib/testing/app";
import { parseCsv } from "@/lib/testing/csv";
import { clearEngineTables, testEngine, type TestEngine } from "@/lib/testing/engine";
import { dispatchOnce } from "@/lib/tasks/engine/dispatch";
import { pollOnce } from "@/lib/tasks/engine/poll";
import { importTask } from "@/lib/tasks/import";
import { cancelSubmission } from "@/lib/tasks/queue";
import { submit } from "@/lib/tasks/submit";
import { AppError } from "@/lib/errors";

// Refunds settle 30 s (of the emulator's clock) after a failure, so moments fall while some are pending.
const emulator = emulatorForFile({ timings: { ...FAST_TIMINGS, refundSeconds: 30 } });
const db = () => database().db;
// Three streams on SQLite; on Postgres one: what differs between the databases is how the figures are summed
// and stored, which any stream reaches, while the streams' variety is the same logic on both. Each costs ~8 s of CPU.
const SEEDS = (process.env.AGREEMENT_SEEDS ?? (process.env.DATABASE_URL?.startsWith("postgres") ? "3" : "1,2,3")).split(",").map(Number);
const MOMENTS = 20;
const STEPS = 70;
/** Time zones whose day starts at a different UTC hour in summer and in winter. */
const ZONES = ["America/New_York", "Europe/Berlin", "Australia/Sydney", "America/Santiago", "Europe/London"];

/** mulberry32: small, seeded, the same stream on every machine. */
function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1)),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!,
    chance: (p: number) => next() < p,
  };
}
type Rng = ReturnType<typeof prng>;

// ---- The recount: the ledger's words, counted in plain code from the raw rows ----

type TaskRow = Awaited<ReturnType<typeof rawTasks>>[number];
const rawTasks = () => db().selectFrom("tasks").selectAll().execute();
const rawWaiting = () => db().selectFrom("submissions").selectAll().where("state", "in", ["queued", "sending"]).execute();
const n = (value: unknown) => (value === null || value === undefined ? 0 : Number(value));
const round = (value: number) => Math.round(value * 1000) / 1000;

interface Recount {
  tasks: number;
  used: number;
  refunded: number;
  reservedNow: number;
  refundPending: number;
}

function recount(rows: TaskRow[]): Recount {
  const sum = { tasks: 0, used: 0, refunded: 0, reservedNow: 0, refundPending: 0 };
  for (const t of rows) {
    sum.tasks += 1;
    const spent = t.status === "succeeded" || t.error_code === "media_deleted";
    if (spent) sum.used += n(t.credits_used ?? t.credits_reserved);
    else if (t.status === "failed") {
      // A failure holds its reservation only while its refund settles; one that reserved nothing (a blocked
      // prompt) or got its refund holds nothing.
      if (t.credits_refunded !== null) sum.refunded += n(t.credits_refunded);
      else if (t.error_code === "refund_pending") sum.refundPending += n(t.credits_reserved);
    } else if (!t.lost && t.credits_used === null && t.credits_refunded === null) sum.reservedNow += n(t.credits_reserved);
  }
  return {
    tasks: sum.tasks,
    used: round(sum.used),
    refunded: round(sum.refunded),
    reservedNow: round(sum.reservedNow),
    refundPending: round(sum.refundPending),
  };
}

const within = (rows: TaskRow[], start: string, end: string, userId: string | null) =>
  rows.filter((t) => t.created_at >= start && t.created_at < end && (userId === null || t.user_id === userId));

// ---- The team and its history ----

interface World {
  admin: Signed;
  members: Signed[];
  users: Map<string, SessionUser>;
}

async function sessionUser(cookie: string): Promise<SessionUser> {
  return (await call(meRoute, "/api/me", { cookie })).json.user as SessionUser;
}

async function resetTeamState(rng: Rng, world: World, now: Date): Promise<string> {
  await clearEngineTables();
  for (const table of ["budgets", "budget_grants", "budget_alerts", "budget_alert_dismissals", "balance_entries"] as const)
    await db().deleteFrom(table).execute();
  const timeZone = rng.pick(ZONES);
  await setInstanceValue(db(), { key: TEAM_TIME_ZONE, value: timeZone });
  // Budgets of every period, for the team and for some members; high enough that most submissions fit.
  const owners = [null, ...world.members.filter(() => rng.chance(0.7)).map((m) => m.member.id)];
  for (const owner of owners)
    for (const period of BUDGET_PERIODS)
      if (owner === null || rng.chance(0.6))
        await upsertBudget(db(), {
          scope: owner === null ? "team" : "member",
          user_id: owner ?? "",
          period,
          limit_credits: rng.int(200, 4000),
          updated_by: null,
          updated_at: now.toISOString(),
        });
  // History: tasks of the last ten days at any hour, so the team's day, week and month and the UTC day differ.
  const everyone = [world.admin, ...world.members].map((s) => s.member.id);
  for (let i = rng.int(6, 14); i > 0; i -= 1) {
    const created = new Date(now.getTime() - rng.int(0, 10 * 24 * 60) * 60_000).toISOString();
    const reserved = rng.pick([44, 80, 120]);
    const outcome = rng.pick(["succeeded", "succeeded", "refunded", "refund_pending", "processing"] as const);
    await insertTask(db(), {
      id: `hist_${randomUUID()}`,
      user_id: rng.pick(everyone),
      model: rng.pick(["gamma-5-pro", "delta-image-2"]),
      kind: "image",
      params: JSON.stringify({ prompt: "history" }),
      prompt: "history",
      status: outcome === "succeeded" ? "succeeded" : outcome === "processing" ? "processing" : "failed",
      error_code: outcome === "refund_pending" ? "refund_pending" : outcome === "refunded" ? "generation_failed" : null,
      credits_reserved: reserved,
      credits_used: outcome === "succeeded" ? reserved : null,
      credits_refunded: outcome === "refunded" ? reserved : null,
      archive_state: outcome === "succeeded" ? "done" : "none",
      created_at: created,
      updated_at: created,
    });
  }
  return timeZone;
}

// ---- One moment: every answer that carries a credit figure ----

async function readEverything(world: World) {
  const cookie = world.admin.cookie;
  const budgets = (await call(budgetsRoute, "/api/budgets", { cookie })).json as { budgets: BudgetView[]; timeZone: string };
  const memberBudgets = await Promise.all(
    world.members.map(
      async (m) => ((await call(budgetsRoute, "/api/budgets", { cookie: m.cookie })).json as { budgets: BudgetView[] }).budgets,
    ),
  );
  const balance = (await call(balanceRoute, "/api/balance", { cookie })).json.balance as {
    estimate: number;
    enteredAt: string;
    entered: number;
    queued: number;
  };
  const usage = (await call(usageExport, "/api/exports/usage.json", { cookie })).json as unknown as Record<
    string,
    number | string | null
  >[];
  const taskRows = (await call(tasksExport, "/api/exports/tasks.json", { cookie })).json as unknown as Record<
    string,
    number | string | null
  >[];
  // The CSV exports, read as a spreadsheet would: a header, then one object per line.
  const csv = async (route: typeof usageCsv, path: string) => {
    const [header = [], ...lines] = parseCsv(String((await call(route, path, { cookie })).json ?? ""));
    return lines.map((line) => Object.fromEntries(header.map((name, i) => [name, line[i] === "" ? null : line[i]!])));
  };
  const usageRows = await csv(usageCsv, "/api/exports/usage.csv");
  const taskCsvRows = await csv(tasksCsv, "/api/exports/tasks.csv");
  const listed: TaskView[] = [];
  for (let cursor: string | null = null, first = true; first || cursor; first = false) {
    const page = (await call(tasksRoute, `/api/tasks?limit=200${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`, { cookie }))
      .json as {
      tasks: TaskView[];
      nextCursor: string | null;
    };
    listed.push(...page.tasks);
    cursor = page.nextCursor;
  }
  const pages: TaskView[] = [];
  for (const task of listed.filter((_, i) => i % 3 === 0))
    pages.push((await call(taskRoute, `/api/tasks/${task.id}`, { cookie, params: { id: task.id } })).json.task as TaskView);
  // The snapshot the Credits page and the Overview render from, and read again on live events.
  const ledger = (await call(ledgerRoute, "/api/credits/ledger?period=all", { cookie })).json as unknown as LedgerSnapshot;
  const report = ledger.report!;
  return { budgets, memberBudgets, balance, usage, usageRows, taskRows, taskCsvRows, listed, pages, report, ledger };
}

async function checkMoment(world: World, where: string) {
  const now = new Date();
  const seen = await readEverything(world);
  const rows = await rawTasks();
  const waiting = await rawWaiting();
  const all = recount(rows);
  // Every disagreement of the moment is collected; the test fails on the first, naming seed, moment and figure.
  const problems: string[] = [];
  const at = (what: string) => what;
  const soft = (actual: unknown, what: string) => ({
    toEqual(expected: unknown) {
      if (!isDeepStrictEqual(actual, expected))
        problems.push(`${what}: answered ${JSON.stringify(actual)}, the recount says ${JSON.stringify(expected)}`);
    },
    toBe(expected: unknown) {
      this.toEqual(expected);
    },
  });

  // The Credits page (all time): totals, its tables and its chart.
  const t = seen.report.totals;
  soft(
    { tasks: t.tasks, used: t.used, refunded: t.refunded, reservedNow: t.reservedNow, refundPending: t.refundPending },
    at("Credits totals vs recount"),
  ).toEqual(all);
  const sumOf = (items: { used: number; refunded: number; reservedNow: number; tasks: number }[]) =>
    items.reduce(
      (s, r) => ({
        tasks: s.tasks + r.tasks,
        used: round(s.used + r.used),
        refunded: round(s.refunded + r.refunded),
        reservedNow: round(s.reservedNow + r.reservedNow),
      }),
      { tasks: 0, used: 0, refunded: 0, reservedNow: 0 },
    );
  const four = { tasks: all.tasks, used: all.used, refunded: all.refunded, reservedNow: all.reservedNow };
  soft(sumOf(seen.report.byMember), at("Credits per-member table summed")).toEqual(four);
  soft(sumOf(seen.report.byModel), at("Credits per-model table summed")).toEqual(four);
  soft(round(seen.report.spend.points.reduce((s, p) => s + p.used, 0)), at("Credits chart summed")).toBe(all.used);

  // usage.json: the rollups at their finest grain.
  const sumUsage = (list: Record<string, unknown>[]) =>
    list.reduce(
      (s: Recount, r) => ({
        tasks: s.tasks + n(r.tasks),
        used: round(s.used + n(r.credits_used)),
        refunded: round(s.refunded + n(r.credits_refunded)),
        reservedNow: round(s.reservedNow + n(r.credits_reserved_now)),
        refundPending: round(s.refundPending + n(r.credits_refund_pending)),
      }),
      { tasks: 0, used: 0, refunded: 0, reservedNow: 0, refundPending: 0 },
    );
  soft(sumUsage(seen.usage), at("usage.json summed vs recount")).toEqual(all);
  soft(sumUsage(seen.usageRows), at("usage.csv summed vs recount")).toEqual(all);

  // tasks.json and tasks.csv: one row per task, each with its stored figures.
  for (const [name, list] of [
    ["tasks.json", seen.taskRows],
    ["tasks.csv", seen.taskCsvRows],
  ] as const) {
    const exported = new Map(list.map((r) => [String(r.task_id), r]));
    soft(exported.size, at(`${name} rows vs tasks`)).toBe(rows.length);
    for (const task of rows) {
      const row = exported.get(task.id);
      soft(
        row && { reserved: n(row.credits_reserved), used: n(row.credits_used), refunded: n(row.credits_refunded) },
        at(`${name} row of ${task.id}`),
      ).toEqual({ reserved: n(task.credits_reserved), used: n(task.credits_used), refunded: n(task.credits_refunded) });
    }
  }

  // The gallery's cards (GET /api/tasks) and task pages (GET /api/tasks/{id}): each task's own figures.
  const raw = new Map(rows.map((r) => [r.id, r]));
  soft(seen.listed.length, at("GET /api/tasks count vs tasks")).toBe(rows.length);
  for (const view of [...seen.listed, ...seen.pages]) {
    const task = raw.get(view.id);
    soft(view.credits, at(`task view of ${view.id}`)).toEqual(
      task && {
        reserved: task.credits_reserved === null ? null : Number(task.credits_reserved),
        used: task.credits_used === null ? null : Number(task.credits_used),
        refunded: task.credits_refunded === null ? null : Number(task.credits_refunded),
      },
    );
  }

  // Every budget row (the admin's view, and each member's own view, which feeds the sidebar's "left today").
  const timeZone = seen.budgets.timeZone;
  const checkBudget = (b: BudgetView, whose: string) => {
    const { start, end } = periodBounds(b.period, now, timeZone);
    soft({ start: b.start, end: b.end }, at(`${whose} ${b.period} budget bounds`)).toEqual({ start, end });
    const owner = b.scope === "team" ? null : b.userId;
    const r = recount(within(rows, start, end, owner));
    const queued = round(waiting.filter((s) => owner === null || s.user_id === owner).reduce((s, w) => s + n(w.estimated_credits), 0));
    const committed = round(r.used + r.reservedNow + r.refundPending + queued);
    soft(
      { used: b.used, reserved: b.reserved, queued: b.queued, committed: b.committed, left: b.left },
      at(`${whose} ${b.scope} ${b.period} budget (reserved = the Credits page's "reserved now") vs recount`),
    ).toEqual({ used: r.used, reserved: r.reservedNow, queued, committed, left: round(b.limit - committed) });
    soft(b.refundPending, at(`${whose} ${b.scope} ${b.period} budget's refund pending vs recount`)).toBe(r.refundPending);
  };
  for (const b of seen.budgets.budgets) checkBudget(b, "admin's");
  seen.memberBudgets.forEach((list, i) => {
    for (const b of list) {
      checkBudget(b, `member ${i}'s`);
      const same = seen.budgets.budgets.find((a) => a.id === b.id);
      soft(
        same && { used: same.used, reserved: same.reserved, committed: same.committed },
        at(`member ${i}'s ${b.period} budget vs the admin's`),
      ).toEqual({
        used: b.used,
        reserved: b.reserved,
        committed: b.committed,
      });
    }
  });

  // The Overview's "today" is the team's day, as the day budgets and the sidebar's "left today" count it.
  const day = periodBounds("day", now, timeZone);
  const today = recount(within(rows, day.start, day.end, null));
  soft(
    {
      since: seen.ledger.today.since,
      used: seen.ledger.today.used,
      reservedNow: seen.ledger.today.reservedNow,
      refunded: seen.ledger.today.refunded,
      tasks: seen.ledger.today.tasks,
    },
    at("Overview today vs the team's day"),
  ).toEqual({ since: day.start, used: today.used, reservedNow: today.reservedNow, refunded: today.refunded, tasks: today.tasks });
  // The snapshot's budget rows and balance are those GET /api/budgets and /api/balance answer at the same moment.
  const figuresOf = (list: BudgetView[]) =>
    list.map(({ id, used, reserved, refundPending, queued, committed, left }) => ({
      id,
      used,
      reserved,
      refundPending,
      queued,
      committed,
      left,
    }));
  soft(figuresOf(seen.ledger.budgets.budgets), at("ledger snapshot's budgets vs /api/budgets")).toEqual(figuresOf(seen.budgets.budgets));
  soft(seen.ledger.balance?.estimate, at("ledger snapshot's balance vs /api/balance")).toBe(seen.balance?.estimate);
  const teamDay = seen.budgets.budgets.find((b) => b.scope === "team" && b.period === "day");
  if (teamDay) soft(seen.ledger.today.used, at("Overview today vs the team's day budget")).toBe(teamDay.used);

  // The balance estimate: what was entered, less what tasks since then used and hold.
  const since = recount(rows.filter((r) => r.created_at >= seen.balance.enteredAt));
  const queuedAll = round(waiting.reduce((s, w) => s + n(w.estimated_credits), 0));
  soft({ estimate: seen.balance.estimate, queued: seen.balance.queued }, at("balance estimate vs recount")).toEqual({
    estimate: round(seen.balance.entered - since.used - since.reservedNow - since.refundPending),
    queued: queuedAll,
  });
  if (problems.length > 0) {
    // Differing figures first; a field an answer lacks altogether after them.
    const ordered = [
      ...problems.filter((p) => !p.includes("answered undefined")),
      ...problems.filter((p) => p.includes("answered undefined")),
    ];
    throw new Error(`${where}: ${problems.length} disagreement(s); the first:\n  ${ordered.slice(0, 6).join("\n  ")}`);
  }
  // What the stream itself (not the history) had under way at this moment.
  const streamed = recount(rows.filter((r) => !r.id.startsWith("hist_")));
  return { running: streamed.reservedNow > 0, refundPending: streamed.refundPending > 0 };
}

// ---- The stream ----

async function step(rng: Rng, t: TestEngine, world: World, apiKey: string, emu: ReturnType<typeof emulator>): Promise<string> {
  const roll = rng.next();
  const who = rng.pick([world.admin, ...world.members]);
  if (roll < 0.3) {
    const fail = rng.chance(0.35);
    const blocked = !fail && rng.chance(0.1);
    const model = rng.pick(["gamma", "delta"] as const);
    const body = BODIES[model](fail ? `a harbour that will [[fail]]` : blocked ? "a [[blocked]] harbour" : `a harbour ${rng.int(1, 999)}`);
    try {
      await submit({
        connection: database(),
        submission: {
          id: randomUUID(),
          userId: who.member.id,
          model: body.model,
          kind: "image",
          endpoint: "images",
          request: body,
          runs: rng.int(1, 3),
        },
      });
      return `submit ${body.model}${fail ? " (fails)" : blocked ? " (blocked)" : ""}`;
    } catch (error) {
      if (error instanceof AppError && error.status === 409) return "submit refused by a budget";
      throw error;
    }
  }
  if (roll < 0.5) return `dispatch ${await dispatchOnce(t.engine)}`;
  if (roll < 0.85) {
    await t.advance(rng.pick([1, 5, 5, 10]));
    return `poll ${await pollOnce(t.engine)}`;
  }
  if (roll < 0.93) {
    const task = await emu.createTask("images", apiKey, BODIES.gamma(rng.chance(0.3) ? "imported [[fail]]" : "imported"));
    if (rng.chance(0.5)) await emu.waitFor(apiKey, task.id);
    await importTask(t.engine, world.users.get(who.member.id)!, task.id);
    return "import";
  }
  const queued = await db().selectFrom("submissions").select(["id", "user_id"]).where("state", "=", "queued").execute();
  if (queued.length === 0) return "cancel (nothing queued)";
  const victim = rng.pick(queued);
  await cancelSubmission(world.users.get(victim.user_id)!, victim.id);
  return "cancel";
}

describe("every credit figure agrees with every other and with a recount of the raw rows", () => {
  const world = {} as World;
  beforeAll(async () => {
    world.admin = await setupAdmin();
    world.members = [
      await addSignedIn(world.admin.cookie, { role: "member", email: "mo@example.com", name: "Mo" }),
      await addSignedIn(world.admin.cookie, { role: "member", email: "ines@example.com", name: "Inès" }),
      await addSignedIn(world.admin.cookie, { role: "admin", email: "kai@example.com", name: "Kai" }),
    ];
    world.users = new Map();
    for (const s of [world.admin, ...world.members]) world.users.set(s.member.id, await sessionUser(s.cookie));
  });

  for (const seed of SEEDS)
    it(`seed ${seed}: ${MOMENTS} moments of a random stream`, { timeout: 600_000 }, async () => {
      const started = performance.now();
      const rng = prng(seed);
      const emu = emulator();
      const { apiKey } = await emu.account({ credits: 1_000_000 });
      const t = await testEngine(emu, apiKey);
      await resetTeamState(rng, world, new Date());
      const put = await call(enterBalanceRoute, "/api/balance", {
        method: "PUT",
        cookie: world.admin.cookie,
        body: { amount: rng.int(5_000, 50_000) },
      });
      expect(put.status).toBe(200);

      const moments = new Set<number>();
      while (moments.size < MOMENTS) moments.add(rng.int(3, STEPS - 1));
      const log: string[] = [];
      let running = 0;
      let pending = 0;
      for (let k = 0; k < STEPS; k += 1) {
        log.push(await step(rng, t, world, apiKey, emu));
        if (!moments.has(k)) continue;
        const seen = await checkMoment(world, `seed ${seed}, moment after step ${k} (${log.slice(-3).join(", ")})`);
        if (seen.running) running += 1;
        if (seen.refundPending) pending += 1;
      }
      console.info(
        `credit agreement [${database().dialect}] seed ${seed}: ${MOMENTS} moments (${running} with tasks running, ${pending} with refunds pending) in ${((performance.now() - started) / 1000).toFixed(1)} s`,
      );
      // The stream must have produced what the moments are meant to catch.
      expect(running, "moments with tasks running").toBeGreaterThan(0);
      expect(pending, "moments with refunds pending").toBeGreaterThan(0);
    });
});
