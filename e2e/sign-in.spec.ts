import { expectNoSeriousA11yViolations, useScheme } from "./support/a11y";
import { ADMIN, SIGNED_OUT, TEN_KB } from "./support/accounts";
import { SignInPage } from "./support/auth";
import { test, expect } from "./support/fixtures";
import { alertWith, expectFieldError, recordRequests } from "./support/forms";

// Nobody is signed in here.
test.use({ storageState: SIGNED_OUT });

test("signed-out visitors are sent to sign-in from every dashboard page", async ({ page }) => {
  for (const path of ["/", "/generate", "/tasks", "/credits", "/settings", "/settings/members"]) {
    await page.goto(path);
    await expect(page, path).toHaveURL("/sign-in");
  }
  await expect(new SignInPage(page).heading).toBeVisible();
});

test("empty, oversized and malformed values get field errors without a request", async ({ page }) => {
  const signIn = new SignInPage(page);
  const requests = recordRequests(page, "POST", "/api/auth/sign-in/email");
  await signIn.goto();

  await signIn.submit.click();
  await expectFieldError(signIn.email, "Enter an email address.");
  await expectFieldError(signIn.password, "Enter your password.");
  await expect(signIn.email).toBeFocused();

  await signIn.submitWith(`${TEN_KB}@example.com`, TEN_KB);
  await expectFieldError(signIn.email, "An email address has at most 254 characters.");
  await expectFieldError(signIn.password, "A password has at most 128 characters.");

  for (const malformed of ["ada", "ada@", "@example.com", "ada@@example.com"]) {
    await signIn.submitWith(malformed, ADMIN.password);
    await expectFieldError(signIn.email, "Enter a valid email address, like name@example.com.");
  }

  expect(requests, "invalid values never leave the browser").toEqual([]);
  await expect(page).toHaveURL("/sign-in");
});

test("a wrong password is refused with a clear message", async ({ page }) => {
  const signIn = new SignInPage(page);
  await signIn.goto();
  const attempt = async (email: string) => {
    const answer = page.waitForResponse((response) => new URL(response.url()).pathname === "/api/auth/sign-in/email");
    await signIn.submitWith(email, "not-the-password");
    expect((await answer).status()).toBe(401);
    await expect(alertWith(page, "Email or password is incorrect.")).toBeVisible();
    await expect(signIn.submit).toBeEnabled();
    await expect(page).toHaveURL("/sign-in");
  };
  await attempt(ADMIN.email);
  // An unknown address gets the same words: nobody learns who has an account.
  await attempt("nobody@example.com");
});

test("the sign-in page has no serious accessibility violations in light and dark", async ({ page }) => {
  await new SignInPage(page).goto();
  for (const scheme of ["light", "dark"] as const) {
    await useScheme(page, scheme);
    await expectNoSeriousA11yViolations(page, `/sign-in (${scheme})`);
  }
});
