import { test, expect } from "./support/fixtures";
import { GeneratePage } from "./support/generate";

// Issue 45: after Generate, a refusal over budget sat at the top of the form, 360 px above a 1280×800 viewport,
// and focus fell to the page: to the person nothing happened. The refusal now shows beside the button, in view
// and focused, and the cost line says beforehand what the budget has left.
const MEMBER = { name: "Rhea Refused", email: "rhea-refused@example.com", password: "rhea-e2e-password", role: "member" as const };

test("a submit over the member's budget is refused beside the button, in view and focused, as the cost line warned", async ({
  page,
  signedInPage,
}) => {
  const added = await page.request.post("/api/members", { data: MEMBER });
  expect(added.status()).toBe(201);
  const { member } = (await added.json()) as { member: { id: string } };
  // A budget of 0: refused whatever gamma-5-pro costs, and whether or not an earlier spec of the lane taught its
  // price (unknown, the door refuses only a budget with nothing left).
  const set = await page.request.put("/api/budgets", { data: { scope: "member", userId: member.id, period: "day", limit: 0 } });
  expect(set.ok(), await set.text()).toBe(true);
  const { budgets } = (await set.json()) as { budgets: { id: string; userId: string | null }[] };
  const budgetId = budgets.find((budget) => budget.userId === member.id)!.id;
  try {
    const memberPage = await signedInPage(MEMBER);
    await memberPage.setViewportSize({ width: 1280, height: 800 });
    const generate = new GeneratePage(memberPage);
    await generate.goto();
    await generate.choose("Gamma 5 Pro");
    await expect(memberPage.getByTestId("cost-note")).toContainText("0 credits left today in your budget");
    await generate.prompt.fill("a lighthouse in fog, refused");
    await generate.submitButton.click();
    const refusal = memberPage.getByRole("alert").filter({ hasText: "Your daily budget has 0 credits left" });
    await expect(refusal).toBeFocused();
    await expect(refusal).toBeInViewport();
    // One display of it: not at the form's top as well.
    await expect(memberPage.getByRole("alert").filter({ hasText: "budget has 0 credits left" })).toHaveCount(1);
    await expect(generate.card("a lighthouse in fog, refused")).toHaveCount(0);
  } finally {
    // Budgets are the team's: this one must not outlive the test.
    expect((await page.request.delete(`/api/budgets/${budgetId}`)).ok()).toBe(true);
  }
});
