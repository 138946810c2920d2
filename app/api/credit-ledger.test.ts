// GET /api/credits/ledger: the one snapshot the Credits page and the Overview render and read again on live
// events. Each role gets what its page would show it (the team's spend; the team's budget and its own, every
// budget for admins), nothing more; a bad query is a 422 that says what to ask for.
import type { Insertable } from "kysely";
import { beforeAll, describe, expect, it } from "vitest";
import { GET as balanceRoute, PUT as enterBalance } from "@/app/api/balance/route";
import { GET as budgetsRoute, PUT as setBudget } from "@/app/api/budgets/route";
import { GET as ledgerRoute } from "@/app/api/credits/ledger/route";
import type { LedgerSnapshot } from "@/lib/credits/snapshot";
import { database } from "@/lib/db";
import type { TaskTable } from "@/lib/db/schema";
import { insertTask } from "@/lib/db/tasks";
import type { BudgetView } from "@/lib/schemas/budgets";
import { call, expectError, expectNoInternals, seedTeam, type Team } from "@/lib/testing/app";

let team: Team;
const read = async (cookie: string, query = "?period=30d") => {
  const response = await call(ledgerRoute, `/api/credits/ledger${query}`, { cookie });
  expect(response.status, JSON.stringify(response.json)).toBe(200);
  expectNoInternals(response.json);
  return response.json as unknown as LedgerSnapshot;
};
const whose = (budgets: BudgetView[]) => budgets.map((b) => (b.scope === "team" ? "team" : b.userId)).sort();

async function task(id: string, userId: string, patch: Partial<Insertable<TaskTable>>) {
  const created = new Date().toISOString(); // after the balance was entered: the estimate counts it
  await insertTask(database().db, {
    id,
    user_id: userId,
    model: "gamma-5-pro",
    kind: "image",
    params: JSON.stringify({ model: "gamma-5-pro", prompt: id }),
    prompt: id,
    status: "succeeded",
    credits_reserved: 44,
    credits_used: 44,
    archive_state: "done",
    created_at: created,
    completed_at: created,
    updated_at: created,
    ...patch,
  });
}

describe("GET /api/credits/ledger", () => {
  beforeAll(async () => {
    team = await seedTeam();
    const put = (body: Record<string, unknown>) => call(setBudget, "/api/budgets", { method: "PUT", cookie: team.admin.cookie, body });
    expect((await put({ scope: "team", period: "day", limit: 1000 })).status).toBe(200);
    expect((await put({ scope: "member", userId: team.member.member.id, period: "day", limit: 300 })).status).toBe(200);
    expect((await put({ scope: "member", userId: team.admin.member.id, period: "week", limit: 500 })).status).toBe(200);
    expect((await call(enterBalance, "/api/balance", { method: "PUT", cookie: team.admin.cookie, body: { amount: 5000 } })).status).toBe(
      200,
    );
    await task("ledger_done", team.member.member.id, {});
    await task("ledger_running", team.member.member.id, {
      status: "processing",
      credits_used: null,
      completed_at: null,
      archive_state: "none",
    });
    await task("ledger_admin", team.admin.member.id, { credits_reserved: 10, credits_used: 10 });
  });

  it("answers every figure of one moment: budgets, balance, today and the period's report agree", async () => {
    const snapshot = await read(team.admin.cookie);
    const { report, today } = snapshot;
    expect(report?.totals).toMatchObject({ tasks: 3, used: 54, reservedNow: 44, refunded: 0 });
    expect(today).toMatchObject({ tasks: 3, used: 54, reservedNow: 44, refunded: 0, timeZone: "UTC" });
    const teamDay = snapshot.budgets.budgets.find((b) => b.scope === "team")!;
    expect(teamDay).toMatchObject({ used: 54, reserved: 44, committed: 98, left: 902 });
    expect(report?.byMember.map((row) => [row.userId, row.used, row.reservedNow]).sort()).toEqual(
      [
        [team.admin.member.id, 10, 0],
        [team.member.member.id, 44, 44],
      ].sort(),
    );
    expect(snapshot.balance).toMatchObject({ entered: 5000, estimate: 5000 - 54 - 44 });
    // The same figures as the budget and balance routes answer.
    const budgets = (await call(budgetsRoute, "/api/budgets", { cookie: team.admin.cookie })).json as { budgets: BudgetView[] };
    expect(snapshot.budgets.budgets.map((b) => [b.id, b.committed, b.left])).toEqual(
      budgets.budgets.map((b) => [b.id, b.committed, b.left]),
    );
    expect((await call(balanceRoute, "/api/balance", { cookie: team.admin.cookie })).json.balance).toEqual(snapshot.balance);
  });

  it("gives each role what its pages show it: the team's spend, the team's budget and its own", async () => {
    const admin = await read(team.admin.cookie);
    const member = await read(team.member.cookie);
    const viewer = await read(team.viewer.cookie);
    expect(whose(admin.budgets.budgets)).toEqual(["team", team.admin.member.id, team.member.member.id].sort());
    expect(admin.budgets.canEdit).toBe(true);
    expect(whose(member.budgets.budgets)).toEqual(["team", team.member.member.id].sort());
    expect(member.budgets).toMatchObject({ canEdit: false, viewerId: team.member.member.id });
    expect(whose(viewer.budgets.budgets)).toEqual(["team"]);
    expect(viewer.budgets).toMatchObject({ canEdit: false, viewerId: team.viewer.member.id });
    // The Credits page and the Overview show every role the team's spend.
    expect(member.report).toEqual(admin.report);
    expect(viewer.today).toEqual(admin.today);
  });

  it("answers today's figures without a report when no period is asked for", async () => {
    const snapshot = await read(team.viewer.cookie, "");
    expect(snapshot.report).toBeNull();
    expect(snapshot.today).toMatchObject({ tasks: 3, used: 54, reservedNow: 44 });
  });

  it("refuses a bad query with a message that says what to ask for, and nobody signed out or disabled", async () => {
    for (const query of ["?period=forever", "?period=", "?since=2026-01-01"]) {
      const refused = await call(ledgerRoute, `/api/credits/ledger${query}`, { cookie: team.member.cookie });
      expectError(refused, 422, "invalid:body");
      expectNoInternals(refused.json);
    }
    const bad = await call(ledgerRoute, "/api/credits/ledger?period=forever", { cookie: team.member.cookie });
    expect(bad.json.error.fields?.period).toMatch(/7d, 30d, 90d, all/);
    expectError(await call(ledgerRoute, "/api/credits/ledger?period=7d"), 401, "unauthorized:session");
    expectError(await call(ledgerRoute, "/api/credits/ledger?period=7d", { cookie: team.disabled.cookie }), 401, "unauthorized:session");
  });
});
