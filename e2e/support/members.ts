import { expect, type Locator, type Page } from "@playwright/test";
import type { Account } from "./accounts";

export type NewMember = Account & { role: "admin" | "member" | "viewer" };

const ROLE_LABEL = { admin: "Admin", member: "Member", viewer: "Viewer" } as const;

/** Settings › Members, as an admin sees it. */
export class MembersPage {
  readonly heading: Locator;
  /** "3 members" or "3 members, 2 active" under the Team title. */
  readonly count: Locator;
  readonly notice: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole("heading", { level: 1, name: "Members" });
    this.count = page.getByText(/^\d+ members?(, \d+ active)?$/);
    this.notice = page.getByRole("status").filter({ hasText: /^Added / });
  }

  async goto(): Promise<void> {
    await this.page.goto("/settings/members");
    await expect(this.heading).toBeVisible();
    await expect(this.count).toBeVisible();
  }

  async countText(): Promise<string> {
    return (await this.count.textContent()) ?? "";
  }

  /** The wide-screen table row of one member. */
  row(email: string): Locator {
    return this.page.getByRole("row").filter({ hasText: email });
  }

  /** Opens the Add member dialog and returns it. */
  async openAddDialog(): Promise<AddMemberDialog> {
    await this.page.getByRole("button", { name: "Add member" }).click();
    const dialog = new AddMemberDialog(this.page.getByRole("dialog", { name: "Add member" }));
    await expect(dialog.root).toBeVisible();
    return dialog;
  }

  /** Adds someone through the dialog and waits for the confirmation. */
  async add(member: NewMember): Promise<void> {
    const dialog = await this.openAddDialog();
    await dialog.submitWith(member);
    await expect(dialog.root).toBeHidden();
    await expect(this.notice).toHaveText(`Added ${member.name} as ${ROLE_LABEL[member.role]}.`);
    await expect(this.row(member.email)).toBeVisible();
  }

  /** Disables someone through the confirmation dialog. */
  async disable(member: Account): Promise<void> {
    await this.page.getByRole("button", { name: `Disable ${member.name}` }).click();
    const confirm = this.page.getByRole("alertdialog", { name: `Disable ${member.name}?` });
    await confirm.getByRole("button", { name: "Disable", exact: true }).click();
    await expect(confirm).toBeHidden();
    await expect(this.row(member.email).getByText("Disabled", { exact: true })).toBeVisible();
  }
}

export class AddMemberDialog {
  readonly name: Locator;
  readonly email: Locator;
  readonly password: Locator;
  readonly submit: Locator;

  constructor(readonly root: Locator) {
    this.name = root.getByLabel("Name", { exact: true });
    this.email = root.getByLabel("Email", { exact: true });
    this.password = root.getByLabel("Initial password");
    this.submit = root.getByRole("button", { name: "Add member" });
  }

  role(role: NewMember["role"]): Locator {
    return this.root.getByRole("radio", { name: new RegExp(`^${ROLE_LABEL[role]}\\b`) });
  }

  async submitWith(values: { name: string; email: string; password: string; role?: NewMember["role"] }): Promise<void> {
    await this.name.fill(values.name);
    await this.email.fill(values.email);
    await this.password.fill(values.password);
    if (values.role) await this.role(values.role).check();
    await this.submit.click();
  }
}
