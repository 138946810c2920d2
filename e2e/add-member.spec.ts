import { ADMIN, TEN_KB } from "./support/accounts";
import { test, expect } from "./support/fixtures";
import { expectFieldError, expectNoFieldError, recordRequests } from "./support/forms";
import { MembersPage } from "./support/members";

// Bad input in Settings › Members › Add member: every mistake is shown on its field, and the team
// is unchanged afterwards.

test("empty, oversized and malformed values get field errors in the dialog without a request", async ({ page }) => {
  const members = new MembersPage(page);
  await members.goto();
  const countBefore = await members.countText();
  const posts = recordRequests(page, "POST", "/api/members");

  const dialog = await members.openAddDialog();
  await dialog.submit.click();
  await expectFieldError(dialog.name, "Enter a name.");
  await expectFieldError(dialog.email, "Enter an email address.");
  await expectFieldError(dialog.password, "Use at least 10 characters.");
  await expect(dialog.role("member")).toBeChecked();

  await dialog.submitWith({ name: TEN_KB, email: `${TEN_KB}@example.com`, password: TEN_KB });
  await expectFieldError(dialog.name, "Use at most 100 characters.");
  await expectFieldError(dialog.email, "An email address has at most 254 characters.");
  await expectFieldError(dialog.password, "Use at most 128 characters.");

  await dialog.submitWith({ name: "Nina New", email: "nina@example", password: "short" });
  await expectNoFieldError(dialog.name);
  await expectFieldError(dialog.email, "Enter a valid email address, like name@example.com.");
  await expectFieldError(dialog.password, "Use at least 10 characters.");

  await dialog.submitWith({ name: "Nina New", email: "nina at example.com", password: "long-enough-password" });
  await expectFieldError(dialog.email, "Enter a valid email address, like name@example.com.");
  await expectNoFieldError(dialog.password);

  expect(posts, "invalid values never leave the browser").toEqual([]);
  await dialog.root.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog.root).toBeHidden();
  await page.reload();
  await expect(members.count).toHaveText(countBefore);
  await expect(members.row("nina")).toHaveCount(0);
});

test("an email that is taken is reported on the email field and adds nobody", async ({ page }) => {
  const members = new MembersPage(page);
  await members.goto();
  const countBefore = await members.countText();

  const dialog = await members.openAddDialog();
  // Same address with other case and spaces: still the admin's.
  await dialog.submitWith({ name: "Ada Again", email: `  ${ADMIN.email.toUpperCase()} `, password: "another-password", role: "viewer" });
  await expectFieldError(dialog.email, "A member with this email address exists already.");
  await expect(dialog.email).toBeFocused();
  await expect(dialog.root).toBeVisible();
  await expectNoFieldError(dialog.name);

  await page.keyboard.press("Escape");
  await expect(dialog.root).toBeHidden();
  await page.reload();
  await expect(members.count).toHaveText(countBefore);
  await expect(members.row("Ada Again")).toHaveCount(0);
});

test("the members API checks the same rules when the form is bypassed", async ({ page }) => {
  const list = async () => ((await (await page.request.get("/api/members")).json()) as { members: { email: string }[] }).members;
  const before = await list();
  const valid = { name: "Bypass", email: "bypass@example.com", password: "bypass-password", role: "member" };
  const cases: [Record<string, unknown>, string][] = [
    [{ ...valid, name: TEN_KB }, "name"],
    [{ ...valid, email: "bypass@" }, "email"],
    [{ ...valid, email: `${TEN_KB}@example.com` }, "email"],
    [{ ...valid, password: "short" }, "password"],
    [{ ...valid, password: TEN_KB }, "password"],
    [{ ...valid, role: "owner" }, "role"],
    [{ ...valid, name: "" }, "name"],
  ];
  for (const [data, field] of cases) {
    const response = await page.request.post("/api/members", { data });
    expect(response.status(), field).toBe(422);
    expect(Object.keys((await response.json()).error.fields)).toEqual([field]);
  }
  // Bodies over the API's 64 KiB limit, and bodies that are not JSON, are refused before any check.
  expect((await page.request.post("/api/members", { data: { ...valid, name: "x".repeat(70 * 1024) } })).status()).toBe(413);
  expect(
    (await page.request.post("/api/members", { headers: { "Content-Type": "text/plain" }, data: JSON.stringify(valid) })).status(),
  ).toBe(415);
  expect(
    (await page.request.post("/api/members", { headers: { "Content-Type": "application/json" }, data: Buffer.from("{not json") })).status(),
  ).toBe(400);

  const duplicate = await page.request.post("/api/members", { data: { ...valid, email: ADMIN.email } });
  expect(duplicate.status()).toBe(409);
  expect((await duplicate.json()).error.fields).toEqual({ email: "A member with this email address exists already." });

  expect(await list()).toEqual(before);
});
