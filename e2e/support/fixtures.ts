import { test as base, type BrowserContext, type Page } from "@playwright/test";
import { SIGNED_OUT, type Account } from "./accounts";
import { SignInPage } from "./auth";
import { watchCsp } from "./csp";

type StorageState = Awaited<ReturnType<BrowserContext["storageState"]>> | typeof SIGNED_OUT;

interface Fixtures {
  /** A page in a new browser context, signed out unless given a saved state; closed after the test. */
  newPage: (storageState?: StorageState) => Promise<Page>;
  /** A page in a new browser context, signed in as `account` through the sign-in form. */
  signedInPage: (account: Account) => Promise<Page>;
}

export const test = base.extend<Fixtures>({
  // Every page of every test is watched for CSP violations.
  context: async ({ context }, use) => {
    const expectNoViolations = watchCsp(context);
    await use(context);
    expectNoViolations();
  },
  newPage: async ({ browser, baseURL, extraHTTPHeaders }, use) => {
    const contexts: BrowserContext[] = [];
    const checks: (() => void)[] = [];
    await use(async (storageState = SIGNED_OUT) => {
      const context = await browser.newContext({ baseURL, storageState, extraHTTPHeaders, reducedMotion: "reduce" });
      contexts.push(context);
      checks.push(watchCsp(context));
      return context.newPage();
    });
    for (const context of contexts) await context.close();
    for (const check of checks) check();
  },
  signedInPage: async ({ newPage }, use) => {
    await use(async (account) => {
      const page = await newPage();
      await new SignInPage(page).signIn(account);
      return page;
    });
  },
});

export { expect } from "@playwright/test";
