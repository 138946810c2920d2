import { expectNoSeriousA11yViolations, useScheme, type Scheme } from "./support/a11y";
import { test, expect } from "./support/fixtures";
import { expectFieldError, recordRequests } from "./support/forms";
import { GeneratePage, IMAGE } from "./support/generate";

// epsilon-v6's reference mode: "@" in the prompt offers the names given to the references below it,
// by keyboard, and a name that points at no reference is flagged before anything is sent.

async function openReferenceForm(generate: GeneratePage): Promise<void> {
  await generate.goto();
  await generate.choose("Epsilon v6", "Reference");
  await generate.addReference(1, { url: IMAGE.cat, role: "Subject", name: "hero" });
  await generate.addReference(2, { url: IMAGE.garden, role: "Background", name: "forest" });
}

test("typing @ suggests the reference names, and the keyboard picks one", async ({ page }) => {
  const generate = new GeneratePage(page);
  await openReferenceForm(generate);
  const posts = recordRequests(page, "POST", "/api/generations");

  await generate.prompt.click();
  await generate.prompt.pressSequentially("The @");
  const suggestions = page.getByRole("listbox", { name: "References to mention" });
  await expect(suggestions.getByRole("option")).toHaveText(["hero", "forest"]);
  await expect(generate.prompt).toHaveAttribute("aria-controls", (await suggestions.getAttribute("id"))!);

  await generate.prompt.press("ArrowDown");
  const forest = suggestions.getByRole("option", { name: "forest" });
  await expect(forest).toHaveAttribute("aria-selected", "true");
  await expect(generate.prompt).toHaveAttribute("aria-activedescendant", (await forest.getAttribute("id"))!);
  await generate.prompt.press("Enter");
  await expect(suggestions).toBeHidden();
  await expect(generate.prompt).toHaveValue("The @forest ");

  // Typing narrows the list; Escape closes it and leaves the text alone.
  await generate.prompt.pressSequentially("hides @h");
  await expect(suggestions.getByRole("option")).toHaveText(["hero"]);
  await generate.prompt.press("Escape");
  await expect(suggestions).toBeHidden();

  // A name that no reference carries is flagged as it is typed, and stops the submit.
  await generate.prompt.fill("The @ghost hides in the @forest");
  await expect(page.getByText("@ghost names no reference")).toBeVisible();
  await generate.submitButton.click();
  await expectFieldError(generate.prompt, "@ghost names no reference");
  expect(posts).toEqual([]);
});

for (const scheme of ["light", "dark"] as const satisfies readonly Scheme[]) {
  test(`the Generate page has no serious accessibility violations (${scheme})`, async ({ page }) => {
    await page.emulateMedia({ colorScheme: scheme });
    const generate = new GeneratePage(page);
    await generate.goto();
    await useScheme(page, scheme);
    // The page as it opens is e2e/a11y.spec.ts's; this is the state only this spec reaches.
    await openReferenceForm(generate);
    await page.getByRole("button", { name: "Add reference" }).click(); // left blank, so its fields show errors
    await generate.prompt.fill("x");
    await generate.submitButton.click();
    await expect(generate.prompt).toHaveAttribute("aria-invalid", "true");
    await generate.prompt.pressSequentially(" and @");
    await expect(page.getByRole("listbox", { name: "References to mention" })).toBeVisible();
    await expectNoSeriousA11yViolations(page, `/generate with errors and suggestions (${scheme})`);
  });
}
