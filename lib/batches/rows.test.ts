// A recipe renders each row into a model request, checked by the Generate form's schemas: templates, a lone
// {{column}} keeping a JSON line's types, numbers, switches and URL lists from text, uploaded files matched by
// name, empty cells leaving a field to its default, keys, and a recipe that cannot work refused before any row.
import { describe, expect, it } from "vitest";
import { AppError } from "@/lib/errors";
import type { BatchRecipe } from "@/lib/schemas/batches";
import type { ParsedRow } from "./parse";
import { rowRenderer } from "./rows";

const row = (line: number, cells: Record<string, unknown>, problem?: string): ParsedRow => ({
  line,
  cells,
  ...(problem ? { problem } : {}),
});

/** Every row rendered in order, as the plan does. */
function render(recipe: BatchRecipe, rows: ParsedRow[], columns = Object.keys(rows[0]?.cells ?? {}), strictColumns = true) {
  const one = rowRenderer(recipe, columns, { strictColumns });
  return rows.map((r, i) => one(r, i));
}

const refusal = (fn: () => unknown): AppError => {
  try {
    fn();
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error("expected a refusal");
};

describe("filling a recipe", () => {
  it("fills templates from the row's cells and keeps formula-looking text as it is", () => {
    const [out] = render({ model: "gamma-5-pro", fields: { prompt: "A studio photo of {{product}} on {{ background }}" } }, [
      row(2, { product: "=HYPERLINK(1)", background: "@marble" }),
    ]);
    expect(out).toMatchObject({
      line: 2,
      key: "row-2",
      request: { model: "gamma-5-pro", prompt: "A studio photo of =HYPERLINK(1) on @marble" },
    });
    expect(out!.problem).toBeUndefined();
  });

  it("keeps a JSON line's own types through a lone {{column}}, and reads numbers and switches from text", () => {
    const recipe: BatchRecipe = {
      model: "epsilon-v6",
      mode: "text-to-video",
      fields: { prompt: "{{p}}", seed: "{{seed}}", generate_audio: "{{audio}}", duration: "{{d}}" },
    };
    const [typed, text] = render(recipe, [
      row(1, { p: "  a fox  ", seed: 42, audio: false, d: 5 }),
      row(2, { p: "a fox", seed: "7", audio: "Yes", d: " 8 " }),
    ]);
    expect(typed!.request).toMatchObject({ prompt: "a fox", seed: 42, generate_audio: false, duration: 5 });
    expect(text!.request).toMatchObject({ seed: 7, generate_audio: true, duration: 8 });
    for (const [word, value] of [
      ["on", true],
      ["0", false],
      ["NO", false],
      ["true", true],
    ] as const) {
      expect(render(recipe, [row(1, { p: "a fox", seed: "", audio: word, d: "" })])[0]!.request).toMatchObject({ generate_audio: value });
    }
  });

  it("reads segmented numbers (a model's durations) from text", () => {
    const [out] = render({ model: "alpha-2.3", fields: { prompt: "{{p}}", duration: "{{d}}" } }, [row(2, { p: "a boat", d: "10" })]);
    expect(out!.request).toMatchObject({ duration: 10 });
  });

  it("says which field is wrong when text is not its type", () => {
    const [out] = render({ model: "epsilon-v6", mode: "text-to-video", fields: { prompt: "{{p}}", seed: "{{seed}}" } }, [
      row(5, { p: "a fox", seed: "1e3" }),
    ]);
    expect(out!.request).toBeUndefined();
    expect(out!.problem).toMatchObject({ line: 5, key: "row-5", field: "seed" });
  });

  it("splits URL lists on spaces and bars, and matches uploaded files by name whatever the case", () => {
    const recipe: BatchRecipe = {
      model: "gamma-5-pro",
      fields: { prompt: "{{p}}", image_urls: "{{refs}}" },
      files: { "Shoe.PNG": "https://files.example/shoe.png", "bag.jpg": "https://files.example/bag.jpg" },
    };
    const [out] = render(recipe, [row(2, { p: "a pair", refs: "shoe.png | https://cdn.example/x.png  BAG.JPG" })]);
    expect(out!.request).toMatchObject({
      image_urls: ["https://files.example/shoe.png", "https://cdn.example/x.png", "https://files.example/bag.jpg"],
    });
    // A URL field, and a list written in the recipe as items, match too.
    const single = render({ ...recipe, model: "alpha-2.3", fields: { prompt: "{{p}}", image_url: "{{refs}}" } }, [
      row(3, { p: "a shoe", refs: "SHOE.png" }),
    ]);
    expect(single[0]!.request).toMatchObject({ image_url: "https://files.example/shoe.png" });
    const items = render({ ...recipe, fields: { prompt: "{{p}}", image_urls: ["{{a}}", "{{b}}"] } }, [
      row(4, { p: "a bag", a: "bag.jpg", b: "" }),
    ]);
    expect(items[0]!.request).toMatchObject({ image_urls: ["https://files.example/bag.jpg"] });
    // A JSON line's own list goes through file names too.
    const listed = render(recipe, [row(1, { p: "a bag", refs: ["Bag.jpg", "https://cdn.example/y.png"] })], ["p", "refs"], false);
    expect(listed[0]!.request).toMatchObject({ image_urls: ["https://files.example/bag.jpg", "https://cdn.example/y.png"] });
  });

  it("leaves a field out when its cell is empty, so the form's default applies", () => {
    const recipe: BatchRecipe = { model: "gamma-5-pro", fields: { prompt: "{{p}}", aspect_ratio: "{{ratio}}", image_urls: "{{refs}}" } };
    const [empty, set] = render(recipe, [
      row(2, { p: "a red car", ratio: "  ", refs: "" }),
      row(3, { p: "a bike", ratio: "16:9", refs: "" }),
    ]);
    expect(empty!.request).not.toHaveProperty("image_urls");
    // gamma-5-pro's form default, as if the field had not been written.
    expect(empty!.request).toMatchObject({ aspect_ratio: "1:1" });
    expect(set!.request).toMatchObject({ aspect_ratio: "16:9" });
    // An empty prompt is not left out silently: the prompt is required.
    expect(render(recipe, [row(4, { p: "", ratio: "", refs: "" })])[0]!.problem).toMatchObject({ line: 4, field: "prompt" });
  });

  it("reads a JSON line's missing or inherited names as empty, not as Object's own", () => {
    const recipe: BatchRecipe = { model: "gamma-5-pro", fields: { prompt: "a {{constructor}}{{toString}} car {{missing}}" } };
    const [out] = render(recipe, [row(1, { p: "x" })], ["p"], false);
    expect(out!.request).toMatchObject({ prompt: "a  car " });
  });

  it("passes a ragged row's problem on, and refuses a NUL in a cell", () => {
    const recipe: BatchRecipe = { model: "gamma-5-pro", fields: { prompt: "{{p}}" } };
    const [ragged, nul] = render(recipe, [row(2, { p: "x" }, "This row has 3 cells; the header has 1."), row(3, { p: "a\u0000b" })]);
    expect(ragged!.problem).toEqual({ line: 2, key: "row-2", field: null, message: "This row has 3 cells; the header has 1." });
    expect(nul!.problem).toMatchObject({ line: 3, field: null });
  });
});

describe("keys", () => {
  const recipe: BatchRecipe = { model: "gamma-5-pro", fields: { prompt: "{{p}}" }, key: "sku" };

  it("names each row by its key column, and refuses an empty, too long or repeated key", () => {
    const out = render(recipe, [
      row(2, { sku: " S-1 ", p: "a car" }),
      row(3, { sku: "", p: "a bike" }),
      row(4, { sku: "x".repeat(121), p: "a boat" }),
      row(6, { sku: "S-1", p: "a kite" }),
      row(7, { sku: "s-1", p: "a sled" }),
    ]);
    expect(out.map((r) => r.key)).toEqual(["S-1", "", "x".repeat(121), "S-1", "s-1"]);
    expect(out[0]!.request).toBeDefined();
    expect(out[1]!.problem).toMatchObject({ line: 3, field: "sku", message: "The key column “sku” is empty in this row." });
    expect(out[2]!.problem).toMatchObject({ line: 4, field: "sku", message: "The key is over 120 characters." });
    expect(out[3]!.problem).toMatchObject({ line: 6, field: "sku", message: "The key “S-1” is also line 2's; each row needs its own." });
    expect(out[4]!.request).toBeDefined();
  });

  it("keys rows without a key column by line, and variations by their number and choices", () => {
    const plain = render({ model: "gamma-5-pro", fields: { prompt: "{{p}}" } }, [row(2, { p: "a car" }), row(5, { p: "a bike" })]);
    expect(plain.map((r) => r.key)).toEqual(["row-2", "row-5"]);
    const variations = render({ model: "gamma-5-pro", fields: { prompt: "{{prompt}}" } }, [
      row(1, { prompt: "a red car", variation: "red car" }),
      row(2, { prompt: "a Grüne Straße", variation: "Grüne Straße" }),
      row(3, { prompt: "a {thing}", variation: "--" }),
    ]);
    expect(variations.map((r) => r.key)).toEqual(["001-red-car", "002-grune-straße", "003-row"]);
  });
});

describe("a recipe that cannot work", () => {
  it("refuses an unknown model, an unknown or missing mode, before any row", () => {
    const unknown = refusal(() => rowRenderer({ model: "omega-9", fields: { prompt: "x" } }, [], { strictColumns: true }));
    expect(unknown).toMatchObject({ code: "invalid:recipe", status: 422, message: "There is no model “omega-9”." });
    const badMode = refusal(() => rowRenderer({ model: "epsilon-v6", mode: "slow-motion", fields: {} }, [], { strictColumns: true }));
    expect(badMode.message).toBe(
      "epsilon-v6 has no mode “slow-motion”: choose one of “text-to-video”, “image-to-video”, “transition”, “reference-to-video”, “extend”.",
    );
    expect(refusal(() => rowRenderer({ model: "epsilon-v6", fields: {} }, [], { strictColumns: true })).message).toMatch(
      /^Choose a mode of epsilon-v6: “text-to-video”/,
    );
    expect(refusal(() => rowRenderer({ model: "gamma-5-pro", mode: "fast", fields: {} }, [], { strictColumns: true })).message).toBe(
      "gamma-5-pro has no modes: leave the mode out.",
    );
  });

  it("refuses a template or key naming a column the file lacks (but not for JSON lines, whose keys may come later)", () => {
    const recipe: BatchRecipe = {
      model: "gamma-5-pro",
      fields: { prompt: "{{product}} on {{ backdrop }}", image_urls: ["{{ref}}"] },
      key: "id",
    };
    const error = refusal(() => rowRenderer(recipe, ["product", "background", "ref"], { strictColumns: true }));
    expect(error.message).toBe("The recipe names “backdrop”, “id”, but the file's columns are “product”, “background”, “ref”.");
    expect(error.fields).toEqual({ recipe: error.message });
    expect(() => rowRenderer(recipe, ["product"], { strictColumns: false })).not.toThrow();
  });
});
