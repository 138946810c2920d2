// The budget routes as the browser calls them: admin-only writes, each audited; a member sees their own
// budget and is refused past it through POST /api/generations with the message; "allow once"; time zone,
// balance and the alerts the banner reads.
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import * as allowOnceRoute from "@/app/api/budgets/allow-once/route";
import * as alertRoute from "@/app/api/budgets/alerts/[id]/route";
import * as alertsRoute from "@/app/api/budgets/alerts/route";
import * as budgetRoute from "@/app/api/budgets/[id]/route";
import * as budgetsRoute from "@/app/api/budgets/route";
import * as balanceRoute from "@/app/api/balance/route";
import { POST as generate } from "@/app/api/generations/route";
import * as timeZoneRoute from "@/app/api/settings/time-zone/route";
import { BODIES } from "@/emulator/testing";
import { database } from "@/lib/db";
import { call, expectError, expectNoInternals, seedTeam, type Team } from "@/lib/testing/app";
import { recordPastCharge } from "@/lib/testing/past-charge";

let team: Team;
const post = (cookie: string, request: Record<string, unknown>, runs?: number) =>
  call(generate, "/api/generations", { method: "POST", cookie, body: { submissionId: randomUUID(), request, ...(runs ? { runs } : {}) } });
const audit = async (action: string) =>
  database().db.selectFrom("audit_log").selectAll().where("action", "=", action).orderBy("created_at").execute();
const queued = async () =>
  Number(
    (
      await database()
        .db.selectFrom("submissions")
        .select((eb) => eb.fn.countAll().as("n"))
        .executeTakeFirst()
    )?.n,
  );

describe("budget routes", () => {
  beforeAll(async () => {
    team = await seedTeam();
    await recordPastCharge(database().db, team.admin.member.id);
  });

  it("only admins set budgets, the time zone and the balance; each change is audited", async () => {
    const body = { scope: "member", userId: team.member.member.id, period: "day", limit: 88 };
    expectError(await call(budgetsRoute.PUT, "/api/budgets", { method: "PUT", cookie: team.member.cookie, body }), 403, "forbidden:role");
    expectError(
      await call(budgetsRoute.PUT, "/api/budgets", { method: "PUT", cookie: team.admin.cookie, body: { ...body, limit: -1 } }),
      422,
      "invalid:body",
    );
    expectError(
      await call(timeZoneRoute.PUT, "/api/settings/time-zone", {
        method: "PUT",
        cookie: team.admin.cookie,
        body: { timeZone: "Mars/Olympus" },
      }),
      422,
      "invalid:body",
    );
    const zone = await call(timeZoneRoute.PUT, "/api/settings/time-zone", {
      method: "PUT",
      cookie: team.admin.cookie,
      body: { timeZone: "Europe/Paris" },
    });
    expect(zone.json).toEqual({ timeZone: "Europe/Paris" });
    const set = await call(budgetsRoute.PUT, "/api/budgets", { method: "PUT", cookie: team.admin.cookie, body });
    expect(set.status).toBe(200);
    expect(set.json.budgets).toMatchObject([{ scope: "member", userId: team.member.member.id, limit: 88, committed: 0, left: 88 }]);
    expect(await audit("budget.set")).toMatchObject([{ actor_id: team.admin.member.id, subject_id: team.member.member.id }]);
    expect(await audit("settings.time_zone")).toHaveLength(1);
  });

  it("a member sees their own budget, is refused past it with the message, and an admin's 'allow once' lets one through", async () => {
    const mine = await call(budgetsRoute.GET, "/api/budgets", { cookie: team.member.cookie });
    expect(mine.json).toMatchObject({ timeZone: "Europe/Paris", canEdit: false, budgets: [{ memberName: "mo", limit: 88 }] });
    const viewer = await call(budgetsRoute.GET, "/api/budgets", { cookie: team.viewer.cookie });
    expect(viewer.json.budgets).toEqual([]); // someone else's budget

    expect((await post(team.member.cookie, BODIES.gamma(), 2)).status).toBe(202);
    const before = await queued();
    const refused = await post(team.member.cookie, BODIES.gamma("one more"));
    expectError(refused, 409, "conflict:over_budget");
    expect(refused.json.error.message).toBe("Your daily budget has 0 credits left; this needs 44. It renews at 00:00, Europe/Paris time.");
    expectNoInternals(refused.json);
    expect(await queued()).toBe(before);

    expectError(
      await call(allowOnceRoute.POST, "/api/budgets/allow-once", {
        method: "POST",
        cookie: team.member.cookie,
        body: { userId: team.member.member.id },
      }),
      403,
      "forbidden:role",
    );
    const granted = await call(allowOnceRoute.POST, "/api/budgets/allow-once", {
      method: "POST",
      cookie: team.admin.cookie,
      body: { userId: team.member.member.id },
    });
    expect(granted.json.budgets[0]).toMatchObject({ allowOncePending: true });
    expect((await post(team.member.cookie, BODIES.gamma("over, once"))).status).toBe(202);
    expectError(await post(team.member.cookie, BODIES.gamma("and again")), 409, "conflict:over_budget");
    expect(await audit("budget.allow_once")).toHaveLength(1);
    expect(await audit("budget.allow_once_used")).toMatchObject([{ subject_id: team.member.member.id }]);
  });

  it("shows one alert per budget (the highest threshold crossed) with the budget row's live figures, dismissible for one person", async () => {
    const forMember = await call(alertsRoute.GET, "/api/budgets/alerts", { cookie: team.member.cookie });
    // 50%, 80% and 100% fired (allow once took it past 88): the 100% replaces the others, which stay notifiable.
    expect(forMember.json.alerts).toHaveLength(1);
    const [alert] = forMember.json.alerts;
    expect(alert).toMatchObject({ threshold: 100, name: "You", period: "day", limit: 88 });
    expect(alert.fired.map((a: { threshold: number }) => a.threshold)).toEqual([50, 80, 100]);
    const row = (await call(budgetsRoute.GET, "/api/budgets", { cookie: team.member.cookie })).json.budgets[0];
    expect({ used: alert.used, committed: alert.committed }).toEqual({ used: row.used, committed: row.committed });
    expect(alert.text).toMatch(
      new RegExp(`^Your daily budget was used up at \\d\\d:\\d\\d: now ${row.committed} of 88 credits committed \\(${row.used} used\\)\\.`),
    );
    expect((await call(alertsRoute.GET, "/api/budgets/alerts", { cookie: team.viewer.cookie })).json.alerts).toEqual([]);
    const forAdmin = await call(alertsRoute.GET, "/api/budgets/alerts", { cookie: team.admin.cookie });
    expect(forAdmin.json.alerts).toMatchObject([{ threshold: 100, name: "mo" }]);
    expect(forAdmin.json.alerts[0].text).toMatch(/^mo's daily budget was used up/);
    const id = forAdmin.json.alerts[0].id as string;
    expectError(
      await call(alertRoute.DELETE, "/api/budgets/alerts/x", { method: "DELETE", cookie: team.viewer.cookie, params: { id } }),
      404,
      "not_found:alert",
    );
    // Dismissing the 100% does not bring the 80% back: nothing shows for the admin, the member still sees it.
    await call(alertRoute.DELETE, "/api/budgets/alerts/x", { method: "DELETE", cookie: team.admin.cookie, params: { id } });
    expect((await call(alertsRoute.GET, "/api/budgets/alerts", { cookie: team.admin.cookie })).json.alerts).toEqual([]);
    expect((await call(alertsRoute.GET, "/api/budgets/alerts", { cookie: team.member.cookie })).json.alerts).toHaveLength(1);
  });

  it("estimates the balance from the admin's entry, and removes budgets", async () => {
    expect((await call(balanceRoute.GET, "/api/balance", { cookie: team.member.cookie })).json).toEqual({ balance: null });
    expectError(
      await call(balanceRoute.PUT, "/api/balance", { method: "PUT", cookie: team.member.cookie, body: { amount: 1000 } }),
      403,
      "forbidden:role",
    );
    const entered = await call(balanceRoute.PUT, "/api/balance", { method: "PUT", cookie: team.admin.cookie, body: { amount: 1000 } });
    // Submissions waiting in line are not taken from the estimate until a task reserves them.
    expect(entered.json.balance).toMatchObject({
      entered: 1000,
      estimate: 1000,
      queued: 132,
      enteredBy: "Ada Admin",
      confirmedLowAt: null,
    });
    expect(await audit("balance.entered")).toHaveLength(1);

    const id = (await call(budgetsRoute.GET, "/api/budgets", { cookie: team.admin.cookie })).json.budgets[0].id as string;
    expectError(
      await call(budgetRoute.DELETE, "/api/budgets/x", { method: "DELETE", cookie: team.member.cookie, params: { id } }),
      403,
      "forbidden:role",
    );
    const removed = await call(budgetRoute.DELETE, "/api/budgets/x", { method: "DELETE", cookie: team.admin.cookie, params: { id } });
    expect(removed.json.budgets).toEqual([]);
    expect(await audit("budget.removed")).toHaveLength(1);
    expect((await post(team.member.cookie, BODIES.gamma("no budget now"))).status).toBe(202);
  });

  it("raises the alert at once when a budget is lowered below what is already committed", async () => {
    const alerts = async () => (await call(alertsRoute.GET, "/api/budgets/alerts", { cookie: team.member.cookie })).json.alerts;
    const body = { scope: "member", userId: team.member.member.id, period: "day", limit: 1000 };
    await call(budgetsRoute.PUT, "/api/budgets", { method: "PUT", cookie: team.admin.cookie, body });
    expect(await alerts()).toEqual([]);
    // 44 committed by the last test's submission: lowering to 40 crosses 100% with no submission (it waited for one).
    await call(budgetsRoute.PUT, "/api/budgets", { method: "PUT", cookie: team.admin.cookie, body: { ...body, limit: 40 } });
    expect(await alerts()).toMatchObject([{ threshold: 100, limit: 40 }]);
  });
});
