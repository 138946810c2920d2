import type { BrowserContext } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./support/a11y";
import { ADMIN, MEMBER, VIEWER } from "./support/accounts";
import { SignInPage, navLink } from "./support/auth";
import { test, expect } from "./support/fixtures";
import { alertWith } from "./support/forms";
import { MembersPage } from "./support/members";

// One story, in order: the admin adds a member and a viewer, each signs in and sees what the role
// allows, then the admin disables the member while the member is signed in.
test.describe.configure({ mode: "serial" });

type SavedState = Awaited<ReturnType<BrowserContext["storageState"]>>;
let memberState: SavedState | undefined;

test("the admin adds a member and a viewer through the Members dialog", async ({ page }) => {
  const members = new MembersPage(page);
  await members.goto();
  const before = Number.parseInt(await members.countText(), 10);
  await members.add(MEMBER);
  await members.add(VIEWER);
  // "N members" or "N members, M active" (a disabled member from an earlier spec).
  await expect(members.count).toHaveText(new RegExp(`^${before + 2} members`));
  await expect(members.row(MEMBER.email).getByRole("combobox", { name: `Role for ${MEMBER.name}` })).toHaveValue("member");
  await expect(members.row(VIEWER.email).getByRole("combobox", { name: `Role for ${VIEWER.name}` })).toHaveValue("viewer");
  // Still there after a reload: the list comes from the server.
  await page.reload();
  await expect(members.count).toHaveText(new RegExp(`^${before + 2} members`));
  await expect(members.row(VIEWER.email).getByText("Active", { exact: true })).toBeVisible();
});

test("a member can generate but cannot manage members", async ({ signedInPage }) => {
  const page = await signedInPage(MEMBER);
  await expect(page.getByRole("complementary").getByText(`Signed in as ${MEMBER.name}`)).toBeVisible();

  await navLink(page, "Generate").click();
  await expect(page.getByRole("heading", { level: 1, name: "Generate" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Generate", exact: true })).toBeVisible();
  await expect(page.getByText("Viewers cannot generate")).toHaveCount(0);

  await navLink(page, "Tasks").click();
  // Earlier specs made tasks, so the gallery shows them (with its filters) rather than the empty state.
  await expect(page.getByRole("search", { name: "Filter tasks" })).toBeVisible();

  await navLink(page, "Settings").click();
  await expect(page.getByText("Only admins can manage members.", { exact: false })).toBeVisible();
  await expect(page.getByRole("link", { name: "Manage members" })).toHaveCount(0);

  await page.goto("/settings/members");
  await expect(page.getByRole("status").filter({ hasText: "Only admins can manage members" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Add member" })).toHaveCount(0);

  expect((await page.request.get("/api/members")).status()).toBe(403);
  const add = await page.request.post("/api/members", {
    data: { name: "Sneaky", email: "sneaky@example.com", password: "sneaky-password", role: "admin" },
  });
  expect(add.status()).toBe(403);
  memberState = await page.context().storageState();
});

test("a viewer sees tasks and credits but cannot generate or manage members", async ({ signedInPage }) => {
  const page = await signedInPage(VIEWER);
  // Viewers are not offered Generate in the navigation; the page itself still says why when reached by its address.
  await expect(navLink(page, "Tasks")).toBeVisible();
  await expect(navLink(page, "Generate")).toHaveCount(0);
  await page.goto("/generate");
  await expect(page.getByRole("heading", { level: 1, name: "Generate" })).toBeVisible();
  await expect(page.getByText("Viewers cannot generate")).toBeVisible();
  await expect(page.getByRole("button", { name: "Generate", exact: true })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page, "/generate as a viewer");

  await navLink(page, "Tasks").click();
  await expect(page.getByRole("heading", { level: 1, name: "Tasks" })).toBeVisible();
  // Earlier specs made tasks: the viewer sees the team's gallery.
  await expect(page.getByRole("search", { name: "Filter tasks" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Go to Generate" })).toHaveCount(0);

  await navLink(page, "Credits").click();
  await expect(page.getByRole("heading", { level: 1, name: "Credits" })).toBeVisible();

  await page.goto("/settings/members");
  await expect(page.getByRole("status").filter({ hasText: "Only admins can manage members" })).toBeVisible();
  expect((await page.request.get("/api/members")).status()).toBe(403);
  expect((await page.request.get("/api/me")).status()).toBe(200);

  // Signing out ends the session on the server too.
  await page.getByRole("complementary").getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL("/sign-in");
  expect((await page.request.get("/api/me")).status()).toBe(401);
  await page.goto("/tasks");
  await expect(page).toHaveURL("/sign-in");
});

test("the admin cannot demote or disable themself, and the API refuses to demote the last admin", async ({ page }) => {
  const members = new MembersPage(page);
  await members.goto();
  const self = members.row(ADMIN.email);
  await expect(self.getByText("You", { exact: true })).toBeVisible();
  await expect(self.getByRole("combobox")).toHaveCount(0);
  await expect(self.getByRole("button")).toHaveCount(0);
  await expect(page.getByRole("button", { name: `Disable ${ADMIN.name}` })).toHaveCount(0);
  // Everyone else has both controls.
  await expect(page.getByRole("button", { name: `Disable ${MEMBER.name}` })).toBeVisible();

  const { user } = await (await page.request.get("/api/me")).json();
  for (const patch of [{ role: "member" }, { role: "viewer" }, { disabled: true }]) {
    const response = await page.request.patch(`/api/members/${user.id}`, { data: patch });
    expect(response.status(), JSON.stringify(patch)).toBe(409);
    expect((await response.json()).error.code).toBe("conflict:last_admin");
  }
  // Nothing changed.
  await page.reload();
  await expect(members.row(ADMIN.email).getByText("Admin", { exact: true })).toBeVisible();
  await expect(members.row(ADMIN.email).getByText("Active", { exact: true })).toBeVisible();
});

test("a disabled member is signed out on the next request and cannot sign in again", async ({ page, newPage }) => {
  expect(memberState, "the member signed in earlier in this story").toBeDefined();
  const memberPage = await newPage(memberState);
  await memberPage.goto("/tasks");
  await expect(memberPage.getByRole("heading", { level: 1, name: "Tasks" })).toBeVisible();

  const members = new MembersPage(page);
  await members.goto();
  // Other specs may have added members of their own: count from what the page says now.
  await expect(members.count).toBeVisible();
  const text = await members.countText();
  const active = Number((/, (\d+) active$/.exec(text) ?? /^(\d+)/.exec(text))?.[1]);
  await members.disable(MEMBER);
  await expect(members.count).toHaveText(new RegExp(`, ${active - 1} active$`));

  // The member's open gallery hears of it (its live stream ends) and lands on the sign-in page with no click.
  await expect(memberPage).toHaveURL("/sign-in", { timeout: 60_000 });
  const signIn = new SignInPage(memberPage);
  await expect(signIn.heading).toBeVisible();
  expect((await memberPage.request.get("/api/me")).status()).toBe(401);

  await signIn.submitWith(MEMBER.email, MEMBER.password);
  await expect(alertWith(memberPage, "This account is disabled. Ask an admin to enable it.")).toBeVisible();
  await expect(memberPage).toHaveURL("/sign-in");
});
