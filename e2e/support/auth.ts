import { expect, type Locator, type Page } from "@playwright/test";
import type { Account } from "./accounts";

/** The sign-in page: /sign-in. */
export class SignInPage {
  readonly heading: Locator;
  readonly email: Locator;
  readonly password: Locator;
  readonly submit: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole("heading", { level: 1, name: "Sign in to Darkroom" });
    this.email = page.getByLabel("Email");
    this.password = page.getByLabel("Password");
    this.submit = page.getByRole("button", { name: "Sign in", exact: true });
  }

  async goto(): Promise<void> {
    await this.page.goto("/sign-in");
    await expect(this.heading).toBeVisible();
  }

  async submitWith(email: string, password: string): Promise<void> {
    await this.email.fill(email);
    await this.password.fill(password);
    await this.submit.click();
  }

  /** Signs in and waits for the overview. */
  async signIn(account: Account): Promise<void> {
    await this.goto();
    await this.submitWith(account.email, account.password);
    await expect(overviewHeading(this.page)).toBeVisible();
    await expect(this.page).toHaveURL("/");
  }
}

/** The first-run page: /setup. */
export class SetupPage {
  readonly heading: Locator;
  readonly name: Locator;
  readonly email: Locator;
  readonly password: Locator;
  readonly submit: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole("heading", { level: 1, name: "Set up Darkroom" });
    this.name = page.getByLabel("Your name");
    this.email = page.getByLabel("Email");
    this.password = page.getByLabel("Password");
    this.submit = page.getByRole("button", { name: "Create admin account" });
  }

  async submitWith(values: { name: string; email: string; password: string }): Promise<void> {
    await this.name.fill(values.name);
    await this.email.fill(values.email);
    await this.password.fill(values.password);
    await this.submit.click();
  }
}

export function overviewHeading(page: Page): Locator {
  return page.getByRole("heading", { level: 1, name: "Overview" });
}

/** A link in the main navigation (the sidebar on wide screens, the menu dialog on phones). */
export function navLink(page: Page, name: string): Locator {
  return page.getByRole("navigation", { name: "Main" }).getByRole("link", { name, exact: true });
}
