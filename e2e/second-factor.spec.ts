import type { APIRequestContext, Page } from "@playwright/test";
import { totpCode } from "@/lib/testing/totp";
import type { Account } from "./support/accounts";
import { overviewHeading, SignInPage } from "./support/auth";
import { test, expect } from "./support/fixtures";

// Issue 46 in the browser: an authenticator app and a passkey each enrolled and used to sign in, a session ended
// from Settings, and the team's rule leading a member without a factor through enrolment before any page. What
// the server decides (recovery codes, audit rows, every route refused, two instances) is proved in vitest
// (app/api/second-factor.test.ts, app/api/sessions.test.ts).

const account = (name: string, role: "admin" | "member" = "member"): Account & { role: typeof role } => ({
  name,
  email: `${name.toLowerCase()}@example.com`,
  password: `${name.toLowerCase()}-e2e-password`,
  role,
});

async function addMember(request: APIRequestContext, member: Account & { role: string }): Promise<void> {
  const response = await request.post("/api/members", { data: member });
  expect(response.status()).toBe(201);
}

/** Turns on an authenticator app from the form on the page (Settings or the enrolment page); returns its secret. */
async function setUpApp(page: Page, password: string): Promise<string> {
  await page.getByLabel("Your password").fill(password);
  await page.getByRole("button", { name: "Set up an authenticator app" }).click();
  const secret = (await page.getByTestId("totp-secret").textContent())!.trim();
  // The key as a QR code a phone's app scans.
  await expect(page.getByRole("img", { name: "QR code of the setup key" }).locator("svg")).toBeVisible();
  await page.getByLabel("Code from the app").fill(totpCode(secret));
  await page.getByRole("button", { name: "Turn on" }).click();
  await expect(page.getByTestId("recovery-codes").getByRole("listitem")).toHaveCount(10);
  await page.getByRole("button", { name: "Done" }).click();
  return secret;
}

test("an authenticator app is set up in Settings and asked at sign-in; signing that session out in Settings ends it", async ({
  page,
  signedInPage,
  newPage,
}) => {
  const tess = account("Tess");
  await addMember(page.request, tess);
  const laptop = await signedInPage(tess);
  await laptop.goto("/settings");
  const secret = await setUpApp(laptop, tess.password);
  await expect(laptop.getByRole("heading", { name: "Authenticator app" }).locator("..").getByText("On", { exact: true })).toBeVisible();
  // New recovery codes, shown once, for the same password.
  await laptop.getByLabel("Your password").fill(tess.password);
  await laptop.getByRole("button", { name: "New recovery codes" }).click();
  await expect(laptop.getByTestId("recovery-codes").getByRole("listitem")).toHaveCount(10);

  // Another browser: the password, then a code from the app.
  const phone = await newPage();
  const signIn = new SignInPage(phone);
  await signIn.goto();
  await signIn.submitWith(tess.email, tess.password);
  await phone.getByLabel("Code from your authenticator app").fill(totpCode(secret));
  await phone.getByRole("button", { name: "Verify" }).click();
  await expect(overviewHeading(phone)).toBeVisible();

  // The laptop signs the phone out; the phone's next request finds itself signed out.
  await laptop.reload();
  const sessions = laptop.getByRole("list", { name: "Your sessions" });
  await expect(sessions.getByRole("listitem")).toHaveCount(2);
  await sessions.getByRole("button", { name: /^Sign out .+ on / }).click();
  await expect(sessions.getByRole("listitem")).toHaveCount(1);
  await phone.goto("/settings");
  await expect(phone).toHaveURL("/sign-in");
});

/** Adds a passkey in Settings, made by Chromium's virtual authenticator (resident keys, verifies its user). */
async function addPasskey(page: Page, name: string): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: { protocol: "ctap2", transport: "internal", hasResidentKey: true, hasUserVerification: true, isUserVerified: true },
  });
  await page.goto("/settings");
  await page.getByLabel("Passkey name").fill(name);
  await page.getByRole("button", { name: "Add a passkey" }).click();
  await expect(page.getByRole("list", { name: "Your passkeys" }).getByRole("listitem").filter({ hasText: name })).toBeVisible();
}

test("a passkey is added in Settings and signs in on its own", async ({ page, signedInPage }) => {
  const pia = account("Pia");
  await addMember(page.request, pia);
  const browser = await signedInPage(pia);
  await addPasskey(browser, "Work laptop");

  await browser.getByRole("button", { name: "Sign out", exact: true }).first().click();
  await expect(browser).toHaveURL("/sign-in");
  // A password alone no longer signs Pia in: her second factor is the passkey.
  await new SignInPage(browser).submitWith(pia.email, pia.password);
  await expect(browser.getByRole("alert").filter({ hasText: "sign in with your passkey" })).toBeVisible();
  await browser.getByRole("button", { name: "Sign in with a passkey" }).click();
  await expect(overviewHeading(browser)).toBeVisible();
});

test("when an admin requires a second factor, a member without one sets it up before any page or API route answers", async ({
  page,
  signedInPage,
  newPage,
}) => {
  const ida = account("Ida", "admin");
  const nat = account("Nat");
  await addMember(page.request, ida);
  await addMember(page.request, nat);
  const admin = await signedInPage(ida);
  // The admin who sets the rule has a factor of their own (a passkey: the app's endpoints allow three tries in 10 s
  // from one address, and the member sets one up from this same machine next), or they would be led to set one up.
  await addPasskey(admin, "Ida's laptop");
  await admin.goto("/settings");
  await admin.getByLabel("Required for").selectOption("everyone");
  await admin
    .locator("form")
    .filter({ has: admin.getByLabel("Required for") })
    .getByRole("button", { name: "Save" })
    .click();
  await expect(admin.getByRole("status").filter({ hasText: "Saved." })).toBeVisible();
  try {
    const member = await newPage();
    const signIn = new SignInPage(member);
    await signIn.goto();
    await signIn.submitWith(nat.email, nat.password);
    await expect(member.getByRole("heading", { level: 1, name: "Set up a second factor" })).toBeVisible();
    await member.goto("/settings");
    await expect(member).toHaveURL("/second-factor");
    const refused = await member.request.get("/api/tasks");
    expect(refused.status()).toBe(403);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe("forbidden:second_factor");

    await setUpApp(member, nat.password);
    await expect(overviewHeading(member)).toBeVisible();
    expect((await member.request.get("/api/tasks")).status()).toBe(200);
  } finally {
    // Every other spec's admin has no second factor.
    expect((await admin.request.put("/api/settings/second-factor", { data: { required: "off" } })).status()).toBe(200);
  }
});
