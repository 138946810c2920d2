import type { APIRequestContext, Locator, Page } from "@playwright/test";
import { formatNumber } from "../lib/format";
import { advanceUpstreamClock } from "./support/emulator";
import { expect, test } from "./support/fixtures";
import { createTask, waitUntilQuiet } from "./support/tasks";

// The Credits page, the Overview and the sidebar are opened before a batch of [[slow]] tasks starts and never
// reloaded: while the tasks run, and again once they have ended, every figure they show is the ledger's answer
// of one moment (GET /api/credits/ledger), written with the one formatter, and the figures that count the same
// credits agree with each other. (An alert's figure moving when its tasks finish: e2e/budgets.spec.ts.)

interface Budget {
  id: string;
  scope: "team" | "member";
  userId: string | null;
  period: string;
  limit: number;
  used: number;
  reserved: number;
  committed: number;
  left: number;
}
interface Ledger {
  budgets: { budgets: Budget[] };
  today: { used: number; reservedNow: number; tasks: number };
  report: { totals: { used: number; reservedNow: number } };
}

const tag = `cl${Date.now().toString(36)}`;
const BATCH = 3;

async function ledger(request: APIRequestContext): Promise<Ledger> {
  const response = await request.get("/api/credits/ledger?period=30d");
  expect(response.status()).toBe(200);
  return (await response.json()) as Ledger;
}

/** A budget row's fact ("Used", "Reserved now"): the <dd> after its <dt>. */
const fact = (row: Locator, label: string) =>
  row.locator("dt", { hasText: new RegExp(`^${label}$`) }).locator("xpath=following-sibling::dd[1]");
const text = async (locator: Locator) => ((await locator.textContent()) ?? "").trim();

/** What the two pages show now, as text. */
async function shown(credits: Page, overview: Page) {
  const teamRow = credits.getByRole("region", { name: "Daily budget: Team" });
  const ownRow = credits.getByRole("region", { name: /^Daily budget: You \(/ });
  const ownLine = overview.getByRole("listitem").filter({ hasText: "Your daily budget" });
  return {
    totalsUsed: await text(credits.getByTestId("total-used").locator("dd").first()),
    totalsReserved: await text(credits.getByTestId("total-reserved-now").locator("dd").first()),
    teamUsed: await text(fact(teamRow, "Used")),
    teamReserved: await text(fact(teamRow, "Reserved now")),
    ownLeft: await text(ownRow.getByText(/credits left$/)),
    sidebar: await text(credits.getByRole("complementary").getByTestId("my-budget")),
    overviewSidebar: await text(overview.getByRole("complementary").getByTestId("my-budget")),
    todayUsed: await text(overview.getByTestId("today-used").locator("dd")),
    todayReserved: await text(overview.getByTestId("today-reserved-now").locator("dd")),
    overviewOwn: await text(ownLine.locator("span span").last()),
  };
}

/** What they should show, from one ledger answer, through the pages' one formatter. */
function expected(answer: Ledger, me: string) {
  const team = answer.budgets.budgets.find((b) => b.scope === "team" && b.period === "day")!;
  const own = answer.budgets.budgets.find((b) => b.userId === me && b.period === "day")!;
  const left = `${formatNumber(Math.max(0, own.left))} of ${formatNumber(own.limit)} credits left`;
  return {
    totalsUsed: `${formatNumber(answer.report.totals.used)} credits`,
    totalsReserved: `${formatNumber(answer.report.totals.reservedNow)} credits`,
    teamUsed: formatNumber(team.used),
    teamReserved: formatNumber(team.reserved),
    ownLeft: left,
    sidebar: `Budget: ${left} today`,
    overviewSidebar: `Budget: ${left} today`,
    todayUsed: formatNumber(answer.today.used),
    todayReserved: formatNumber(answer.today.reservedNow),
    overviewOwn: `${formatNumber(own.committed)} of ${formatNumber(own.limit)} committed · ${formatNumber(Math.max(0, own.left))} left`,
  };
}

test("Credits, Overview and sidebar show the same figures while a batch runs", async ({ page, context }) => {
  await waitUntilQuiet(page.request);
  const me = ((await (await page.request.get("/api/me")).json()) as { user: { id: string } }).user.id;
  // A team day budget and the admin's own, roomy enough to hold nothing back; removed (or put back) at the end.
  const before = (await ledger(page.request)).budgets.budgets;
  const setBudget = async (data: Record<string, unknown>) => expect((await page.request.put("/api/budgets", { data })).ok()).toBe(true);
  await setBudget({ scope: "team", period: "day", limit: 1_000_000 });
  await setBudget({ scope: "member", userId: me, period: "day", limit: 500_000 });
  try {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto("/credits");
    await expect(page.getByRole("heading", { level: 1, name: "Credits" })).toBeVisible();
    const overview = await context.newPage();
    await overview.setViewportSize({ width: 1280, height: 900 });
    await overview.goto("/");
    await expect(overview.getByRole("heading", { level: 1, name: "Overview" })).toBeVisible();
    // A reload would clear these: they prove the figures moved in the pages as they were opened.
    for (const opened of [page, overview]) await opened.evaluate(() => ((window as unknown as { opened: boolean }).opened = true));

    const ids: string[] = [];
    for (let i = 0; i < BATCH; i++) ids.push(await createTask(page.request, `${tag} a slow lantern ${i} [[slow]]`));

    // While they run: the pages show the ledger's figures, and what is reserved now is the batch's, everywhere.
    await expect(async () => {
      const answer = await ledger(page.request);
      expect(answer.report.totals.reservedNow).toBeGreaterThan(0);
      expect(answer.today.reservedNow).toBe(answer.report.totals.reservedNow);
      expect(await shown(page, overview)).toEqual(expected(answer, me));
    }).toPass({ timeout: 60_000 });
    const running = expected(await ledger(page.request), me);
    expect(running.totalsReserved).toBe(`${running.teamReserved} credits`);
    expect(running.todayReserved).toBe(running.teamReserved);
    expect(running.todayUsed).toBe(running.teamUsed);

    // The tasks end ([[slow]] ones when the emulator's clock moves): reserved now is 0 everywhere, used took it.
    await advanceUpstreamClock(page.request, 11 * 60);
    await expect(async () => {
      const answer = await ledger(page.request);
      expect(answer.report.totals.reservedNow).toBe(0);
      expect(await shown(page, overview)).toEqual(expected(answer, me));
    }).toPass({ timeout: 90_000 });
    const ended = expected(await ledger(page.request), me);
    expect(ended).toMatchObject({ totalsReserved: "0 credits", teamReserved: "0", todayReserved: "0" });
    expect(ended.todayUsed).toBe(ended.teamUsed);
    expect(ended.todayUsed).not.toBe(running.todayUsed);
    for (const opened of [page, overview])
      expect(await opened.evaluate(() => (window as unknown as { opened?: boolean }).opened)).toBe(true);
  } finally {
    // Put the budgets back as they were: the specs after this one submit as the admin.
    const after = (await ledger(page.request)).budgets.budgets;
    for (const budget of after) {
      const earlier = before.find((b) => b.id === budget.id);
      if (!earlier) await page.request.delete(`/api/budgets/${budget.id}`);
      else if (earlier.limit !== budget.limit)
        await page.request.put("/api/budgets", {
          data: { scope: budget.scope, ...(budget.userId ? { userId: budget.userId } : {}), period: budget.period, limit: earlier.limit },
        });
    }
  }
});
