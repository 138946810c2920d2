import type { Page } from "@playwright/test";
import { startTestIdp, type TestIdp } from "../lib/testing/oidc-provider";
import { test, expect } from "./support/fixtures";

// Single sign-on in Chromium against a real OpenID provider (oidc-provider, started by this spec on a port fixed
// by the lane's, so its redirect URL is known): the whole redirect flow from the sign-in page's button through the
// provider's page and back. The provider is set up through the admin's Settings API and removed at the end;
// the people it made are disabled again, so the team is as it was.

const darkroomPort = Number(process.env.E2E_PORT ?? 3100);
const PROVIDER = "e2e";
const LABEL = "Sign in with Test SSO";
// The same provider again, for its members group only: who leaves the group loses access.
const GROUPS_PROVIDER = "e2e-groups";
const GROUPS_LABEL = "Sign in with Test SSO (members group)";
// Unique per run: a lane's database outlives nothing, but a rerun against a kept server must not meet old accounts.
const run = Date.now().toString(36);
const email = (name: string) => `${name}-${run}@team.example`;

let idp: TestIdp;

test.beforeAll(async ({ playwright, baseURL }) => {
  idp = await startTestIdp({
    port: darkroomPort + 1500,
    redirectUris: [PROVIDER, GROUPS_PROVIDER].map((id) => `${baseURL}/api/auth/sso/callback/${id}`),
  });
  const admin = await playwright.request.newContext({ baseURL, storageState: test.info().project.use.storageState as string });
  // Both providers are the same test provider and client, with their own rules.
  const common = {
    issuer: idp.issuer,
    clientId: idp.clientId,
    clientSecret: idp.clientSecret,
    allowedDomains: ["team.example"],
    defaultRole: "viewer",
    groupsClaim: "groups",
  };
  for (const [id, rules] of [
    [PROVIDER, { label: LABEL, groupRoles: { admin: ["darkroom-admins"], member: [], viewer: [] } }],
    [GROUPS_PROVIDER, { label: GROUPS_LABEL, groupRoles: { admin: [], member: ["darkroom-members"], viewer: [] }, groupsOnly: true }],
  ] as const) {
    const response = await admin.put(`/api/settings/sso/${id}`, { headers: { origin: baseURL! }, data: { ...common, ...rules } });
    expect(response.status(), await response.text()).toBe(200);
  }
  await admin.dispose();
});

test.afterAll(async ({ playwright, baseURL }) => {
  const admin = await playwright.request.newContext({ baseURL, storageState: test.info().project.use.storageState as string });
  const headers = { origin: baseURL! };
  const { members } = (await (await admin.get("/api/members")).json()) as { members: { id: string; email: string }[] };
  for (const member of members.filter((m) => m.email.endsWith(`-${run}@team.example`)))
    await admin.patch(`/api/members/${member.id}`, { headers, data: { role: "viewer", disabled: true } });
  for (const id of [PROVIDER, GROUPS_PROVIDER]) await admin.delete(`/api/settings/sso/${id}`, { headers });
  await admin.dispose();
  await idp?.close();
});

/** From the sign-in page through the provider's own page, as a person does it. */
async function signInThroughProvider(page: Page, address: string, label = LABEL) {
  await page.goto("/sign-in");
  await page.getByRole("link", { name: label, exact: true }).click();
  await expect(page.getByRole("heading", { name: "Test identity provider" })).toBeVisible();
  await page.getByLabel("Email").fill(address);
  await page.getByRole("button", { name: "Continue" }).click();
}

async function roleOf(page: Page): Promise<string> {
  const response = await page.request.get("/api/me");
  expect(response.status()).toBe(200);
  return ((await response.json()) as { user: { role: string } }).user.role;
}

test("a new person signs in with single sign-on and lands as a viewer", async ({ newPage }) => {
  idp.setAccount({ email: email("nina"), email_verified: true, name: "Nina New" });
  const page = await newPage();
  const callback = page.waitForResponse((response) => new URL(response.url()).pathname === `/api/auth/sso/callback/${PROVIDER}`);
  await signInThroughProvider(page, email("nina"));
  await expect(page).toHaveURL("/");
  expect(await roleOf(page)).toBe("viewer");
  // The callback keeps the security headers every answer carries (proxy.ts).
  const headers = (await callback).headers();
  expect(headers["content-security-policy"]).toContain("frame-ancestors 'none'");
  expect(headers["x-frame-options"]).toBe("DENY");
  expect(headers["cache-control"]).toBe("no-store");
});

test("a person in the admins group lands as an admin", async ({ newPage }) => {
  idp.setAccount({ email: email("boss"), email_verified: true, name: "Bo Boss", groups: ["darkroom-admins"] });
  const page = await newPage();
  await signInThroughProvider(page, email("boss"));
  await expect(page).toHaveURL("/");
  expect(await roleOf(page)).toBe("admin");
  await page.goto("/settings");
  await expect(page.getByRole("heading", { name: "Single sign-on" })).toBeVisible();
});

test("an email outside the allowed domains is refused with words", async ({ newPage }) => {
  idp.setAccount({ email: `eve-${run}@elsewhere.example`, email_verified: true });
  const page = await newPage();
  await signInThroughProvider(page, `eve-${run}@elsewhere.example`);
  await expect(page).toHaveURL("/sign-in?sso_error=domain_not_allowed");
  await expect(page.getByRole("alert").filter({ hasText: "not in a domain this team allows" })).toBeVisible();
  expect((await page.request.get("/api/me")).status()).toBe(401);
});

test("a member removed from the provider's group loses access at the next refresh", async ({ newPage }) => {
  idp.setAccount({ email: email("gus"), email_verified: true, name: "Gus Group", groups: ["darkroom-members"] });
  const page = await newPage();
  await signInThroughProvider(page, email("gus"), GROUPS_LABEL);
  await expect(page).toHaveURL("/");
  expect(await roleOf(page)).toBe("member");
  // Out of the group at the provider. The e2e app asks the provider at every fresh check of a session
  // (SSO_RECHECK_MINUTES=0, playwright.config.ts), so the next one, once the 30 s session cache lapses, ends it.
  idp.setAccount({ email: email("gus"), email_verified: true, name: "Gus Group", groups: [] });
  await expect.poll(async () => (await page.request.get("/api/me")).status(), { timeout: 60_000, intervals: [2_000] }).toBe(401);
  await page.goto("/");
  await expect(page).toHaveURL("/sign-in");
});
