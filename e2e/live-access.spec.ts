import { expect, test } from "./support/fixtures";

// Issue 14, items 9 and 5 in the browser: a member's open page follows their access (disabled while a page
// listens for live updates: the page reloads to sign-in with no click), and only admins get "Test connection".
const LISTENER = { name: "Lena Listener", email: "lena@example.com", password: "lena-e2e-password", role: "member" as const };

test("a member disabled while their gallery is open lands on sign-in without doing anything", async ({ page, signedInPage }) => {
  const added = await page.request.post("/api/members", { data: LISTENER });
  expect(added.status(), await added.text()).toBe(201);
  const memberId = ((await added.json()) as { member: { id: string } }).member.id;

  const memberPage = await signedInPage(LISTENER);
  await memberPage.goto("/settings");
  await expect(memberPage.getByRole("heading", { level: 1, name: "Settings" })).toBeVisible();
  await expect(memberPage.getByRole("button", { name: "Test connection" })).toHaveCount(0);
  await page.goto("/settings");
  await expect(page.getByRole("button", { name: "Test connection" })).toBeVisible();

  // The gallery's event stream is open before the admin acts.
  const streaming = memberPage.waitForResponse((response) => new URL(response.url()).pathname === "/api/events");
  await memberPage.goto("/tasks");
  await expect(memberPage.getByRole("heading", { level: 1, name: "Tasks" })).toBeVisible();
  expect((await streaming).status()).toBe(200);
  const disabled = await page.request.patch(`/api/members/${memberId}`, { data: { disabled: true } });
  expect(disabled.status()).toBe(200);
  await expect(memberPage).toHaveURL("/sign-in", { timeout: 60_000 });
  // Leave the team as it was: later specs count its active members.
  expect((await page.request.patch(`/api/members/${memberId}`, { data: { disabled: false } })).status()).toBe(200);
});
