import { expect, type APIRequestContext, type Locator, type Page } from "@playwright/test";

/** Public-looking HTTPS inputs: the emulator takes them without fetching, as the real API would take real ones. */
export const IMAGE = {
  cat: "https://images.example.com/cat.png",
  garden: "https://images.example.com/garden.webp",
  dusk: "https://images.example.com/dusk.jpg",
} as const;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

// Emulator results (pending, processing, archive) take a few seconds after the 5-second poll.
const TASK_TIMEOUT = 60_000;

/** The Generate page, as a member sees it. */
export class GeneratePage {
  readonly heading: Locator;
  readonly prompt: Locator;
  readonly submitButton: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole("heading", { level: 1, name: "Generate" });
    this.prompt = page.getByRole("textbox", { name: "Prompt" });
    this.submitButton = page.getByRole("button", { name: "Generate", exact: true });
  }

  async goto(path = "/generate"): Promise<void> {
    await this.page.goto(path);
    await expect(this.heading).toBeVisible();
    await expect(this.submitButton).toBeVisible();
  }

  /** Picks a model card and, for models with modes, a mode tab. */
  async choose(model: string, mode?: string): Promise<void> {
    const card = this.page.getByRole("radio", { name: model, exact: true });
    await card.click();
    await expect(card).toBeChecked();
    if (mode) {
      const tab = this.page.getByRole("tab", { name: mode, exact: true });
      await tab.click();
      await expect(tab).toHaveAttribute("aria-selected", "true");
    }
  }

  /** A choice in a segmented control ("Quality" › "High"). */
  option(group: string, option: string, scope: Page | Locator = this.page): Locator {
    return scope.getByRole("radiogroup", { name: group, exact: true }).getByRole("radio", { name: option, exact: true });
  }

  /** A text or URL field by its label; optional fields say "(optional)" after it. */
  field(label: string, scope: Page | Locator = this.page): Locator {
    return scope.getByRole("textbox", { name: new RegExp(`^${escapeRegExp(label)}( \\(optional\\))?$`) });
  }

  reference(index: number): Locator {
    return this.page.getByRole("group", { name: `Reference ${index}`, exact: true });
  }

  /** Fills one image-reference row (adding the row when it is not the first). */
  async addReference(index: number, values: { url: string; role: "Subject" | "Background"; name?: string }): Promise<void> {
    if (index > 1) await this.page.getByRole("button", { name: "Add reference" }).click();
    const row = this.reference(index);
    await row.getByRole("textbox", { name: "Image" }).fill(values.url);
    await this.option("Role", values.role, row).click();
    if (values.name) await this.field("Name", row).fill(values.name);
  }

  /** The card of the submission whose prompt is `prompt` (prompts are unique per test). */
  card(prompt: string): Locator {
    return this.page.getByRole("article").filter({ hasText: prompt });
  }

  /** Submits the form as it is and waits for its card. */
  async submit(prompt: string): Promise<Locator> {
    // The card shows once the server answers the submission: wait for that answer, however long a busy server
    // takes (a fresh-clone run with a core busy took over 20 s for one), then for the card.
    const answered = this.page.waitForResponse(
      (response) => response.request().method() === "POST" && new URL(response.url()).pathname === "/api/generations",
      { timeout: 0 },
    );
    await this.submitButton.click();
    await answered;
    const card = this.card(prompt);
    await expect(card.first()).toBeVisible();
    return card;
  }

  async expectSucceeded(card: Locator): Promise<void> {
    await expect(card.getByText("Succeeded", { exact: true })).toBeVisible({ timeout: TASK_TIMEOUT });
    await expect(card.getByText(/^[\d,]+ credits? used$/)).toBeVisible();
    await expect(card.getByRole("img", { name: /^Result of task_/ })).toBeVisible();
  }

  /** The task id a card shows once the generation service accepted it. */
  async taskId(card: Locator): Promise<string> {
    const link = card.getByRole("link", { name: /^task_/ });
    await expect(link).toBeVisible({ timeout: TASK_TIMEOUT });
    return (await link.textContent()) ?? "";
  }
}

/** How many tasks Darkroom knows, from the same list the Tasks page reads. */
export async function countTasks(request: APIRequestContext): Promise<number> {
  const response = await request.get("/api/tasks?limit=200");
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { tasks: unknown[] }).tasks.length;
}
