import { ADMIN, SIGNED_OUT } from "./support/accounts";
import { SignInPage } from "./support/auth";
import { test, expect } from "./support/fixtures";
import { alertWith } from "./support/forms";

// Items 13 and 14 of the security audit, as a person sees them on the sign-in page: repeated failures slow
// further attempts and the page says how long to wait; a sign-in whose session cookie the browser refuses
// says so instead of landing back on the sign-in page without a word.

test.use({ storageState: SIGNED_OUT });

test("after repeated failures the page says when to try again", async ({ page }) => {
  const signIn = new SignInPage(page);
  await signIn.goto();
  // An account of its own, so no other test's sign-ins are slowed (5 failures are free per account).
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const answer = page.waitForResponse((response) => new URL(response.url()).pathname === "/api/auth/sign-in/email");
    await signIn.submitWith("slow-down@example.com", "not-the-password");
    expect((await answer).status()).toBe(401);
    await expect(signIn.submit).toBeEnabled();
  }
  // The first wait is 1 s and each further failure doubles it: on a slow machine the next try may come after the
  // first wait is over (and fail as a plain 401, adding a failure), but not after every doubled one.
  for (let attempt = 0; attempt < 4; attempt += 1) {
    const answer = page.waitForResponse((response) => new URL(response.url()).pathname === "/api/auth/sign-in/email");
    await signIn.submitWith("slow-down@example.com", "not-the-password");
    if ((await answer).status() === 429) break;
    await expect(signIn.submit).toBeEnabled();
  }
  await expect(alertWith(page, /^Too many failed sign-ins\. Try again in \d+ seconds?\.$/)).toBeVisible();
});

test("a session cookie the browser refuses is reported on the sign-in page", async ({ page }) => {
  // Play a browser that drops the cookie (as it drops a Secure cookie over plain HTTP): the answer arrives
  // without its Set-Cookie headers.
  await page.route("**/api/auth/sign-in/email", async (route) => {
    const response = await route.fetch();
    // route.fetch shares the context's cookie jar: take back what it stored.
    await page.context().clearCookies();
    const headers = Object.fromEntries(Object.entries(response.headers()).filter(([name]) => name.toLowerCase() !== "set-cookie"));
    await route.fulfill({ status: response.status(), headers, body: await response.body() });
  });
  const signIn = new SignInPage(page);
  await signIn.goto();
  await signIn.submitWith(ADMIN.email, ADMIN.password);
  await expect(alertWith(page, /this browser refused the session cookie/)).toBeVisible();
  await expect(page).toHaveURL("/sign-in");
});
