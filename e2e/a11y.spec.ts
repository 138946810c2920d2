import type { Page } from "@playwright/test";
import { expectNoSeriousA11yViolations, useScheme, type Scheme } from "./support/a11y";
import { test, expect } from "./support/fixtures";
import { MembersPage } from "./support/members";

// Every dashboard page as the admin sees it, in both themes (the theme follows the system by default).
const PAGES = [
  { path: "/", heading: "Overview", ready: "Reachable, and the API key is accepted." },
  { path: "/generate", heading: "Generate", ready: "Queue this many identical submissions, up to 10." },
  // Empty, or not (a spec before this one in its lane, or this one's comparison, may have made tasks).
  { path: "/tasks", heading: "Tasks", ready: (page: Page) => page.getByText("No tasks yet").or(page.getByRole("list", { name: "Tasks" })) },
  { path: "/boards", heading: "Boards", ready: "Create board" },
  { path: "/credits", heading: "Credits", ready: (page: Page) => page.getByText("No credit activity yet").or(page.getByText("By member")) },
  { path: "/settings", heading: "Settings", ready: "Generation API" },
  { path: "/settings/members", heading: "Members", ready: /^\d+ members?/ },
  { path: "/compare", heading: "Compare", ready: "Every model gets this prompt." },
  // Empty, or not (batches.spec.ts may run before this one in its lane).
  {
    path: "/batches",
    heading: "Batches",
    ready: (page: Page) => page.getByText("No batches yet").or(page.getByRole("list", { name: "Batches" })),
  },
  { path: "/batches/new", heading: "New batch", ready: "Nothing is stored or sent until you start the batch." },
] as const;

for (const scheme of ["light", "dark"] as const satisfies readonly Scheme[]) {
  test.describe(`${scheme} theme`, () => {
    test.use({ colorScheme: scheme });

    for (const { path, heading, ready } of PAGES) {
      test(`${path} has no serious accessibility violations`, async ({ page }) => {
        await page.goto(path);
        await useScheme(page, scheme);
        await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
        // Wait for what loads after the first paint (the upstream probe, the members list).
        await expect((typeof ready === "function" ? ready(page) : page.getByText(ready)).first()).toBeVisible();
        await expectNoSeriousA11yViolations(page, `${path} (${scheme})`);
      });
    }

    test("a comparison's page has no serious accessibility violations", async ({ page }) => {
      const comparisonId = crypto.randomUUID();
      const made = await page.request.post("/api/comparisons", {
        data: { comparisonId, prompt: `a11y comparison ${scheme}`, columns: [{ model: "gamma-5-pro" }, { model: "delta-image-2" }] },
      });
      expect(made.status(), await made.text()).toBe(201);
      await page.goto(`/compare/${comparisonId}`);
      await useScheme(page, scheme);
      await expect(page.getByRole("heading", { level: 1, name: "Comparison" })).toBeVisible();
      // Each column (a list item with its heading) lists the settings it ran with as a list of its own.
      const columns = page
        .getByRole("list", { name: "Models compared" })
        .getByRole("listitem")
        .filter({ has: page.getByRole("heading") });
      await expect(columns).toHaveCount(2);
      await expect(page.getByRole("list", { name: "Settings of Gamma 5 Pro" })).toBeVisible();
      await expectNoSeriousA11yViolations(page, `/compare/[id] (${scheme})`);
    });

    test("a batch's page has no serious accessibility violations", async ({ page }) => {
      const batch = {
        batchId: crypto.randomUUID(),
        name: `A11y batch ${scheme}`,
        format: "variations",
        recipe: { model: "gamma-5-pro", fields: { prompt: "{{prompt}}" } },
      };
      const made = await page.request.post("/api/batches", {
        multipart: {
          batch: JSON.stringify(batch),
          file: { name: "v.txt", mimeType: "text/plain", buffer: Buffer.from(`a {red, green} kite ${scheme}`) },
        },
      });
      expect(made.status(), await made.text()).toBe(202);
      await page.goto(`/batches/${batch.batchId}`);
      await useScheme(page, scheme);
      await expect(page.getByRole("heading", { level: 1, name: `A11y batch ${scheme}` })).toBeVisible();
      await expect(page.getByRole("table", { name: "Rows of the batch" }).getByRole("row")).toHaveCount(3);
      await expectNoSeriousA11yViolations(page, `/batches/[id] (${scheme})`);
    });

    test("a board's page has no serious accessibility violations", async ({ page }) => {
      const made = await page.request.post("/api/boards", { data: { name: `A11y board ${scheme}` } });
      expect(made.status()).toBe(201);
      const { board } = (await made.json()) as { board: { id: string } };
      await page.goto(`/boards/${board.id}`);
      await useScheme(page, scheme);
      await expect(page.getByRole("heading", { level: 1, name: `A11y board ${scheme}` })).toBeVisible();
      await page.getByRole("button", { name: "Rename" }).click(); // with its form open
      await expect(page.getByLabel("Board name")).toBeVisible();
      await expectNoSeriousA11yViolations(page, `board page (${scheme})`);
      await page.request.delete(`/api/boards/${board.id}`);
    });

    test("the open Add member dialog has no serious accessibility violations", async ({ page }) => {
      const members = new MembersPage(page);
      await members.goto();
      await useScheme(page, scheme);
      const dialog = await members.openAddDialog();
      await dialog.submit.click(); // with its field errors showing
      await expect(dialog.name).toHaveAttribute("aria-invalid", "true");
      await expectNoSeriousA11yViolations(page, `Add member dialog (${scheme})`);
    });
  });
}
