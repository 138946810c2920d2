// Prompts with variations: `a {red, green} {car, bike}` is four prompts in order, braces nest, a backslash keeps
// a brace or comma as text, and every mistake is refused at its column before anything is made.
import { describe, expect, it } from "vitest";
import { expandVariations, MAX_VARIATION_CHARS, VariationError } from "./permutations";

const prompts = (text: string, max = 10_000) => expandVariations(text, { max }).map((v) => v.prompt);

function refusal(text: string, max = 10_000): VariationError {
  try {
    expandVariations(text, { max });
  } catch (error) {
    if (error instanceof VariationError) return error;
    throw error;
  }
  throw new Error(`expected ${text} to be refused`);
}

describe("expanding", () => {
  it("makes the product in order, the first choice varying slowest, with the choices taken", () => {
    expect(expandVariations("a {red, green} {car, bike}", { max: 10 })).toEqual([
      { prompt: "a red car", choices: ["red", "car"] },
      { prompt: "a red bike", choices: ["red", "bike"] },
      { prompt: "a green car", choices: ["green", "car"] },
      { prompt: "a green bike", choices: ["green", "bike"] },
    ]);
  });

  it("nests: a choice may hold its own braces, and the choice taken is the option as made", () => {
    expect(expandVariations("a {red {car, bike}, blue boat}", { max: 10 })).toEqual([
      { prompt: "a red car", choices: ["red car"] },
      { prompt: "a red bike", choices: ["red bike"] },
      { prompt: "a blue boat", choices: ["blue boat"] },
    ]);
  });

  it("keeps escaped braces, commas and backslashes as text, and a lone backslash as it is", () => {
    expect(prompts("a \\{literal\\} {x\\, y, z} \\\\ \\q")).toEqual(["a {literal} x, y \\ \\q", "a {literal} z \\ \\q"]);
  });

  it("tidies spaces and line breaks, and a text without braces is one prompt", () => {
    expect(prompts("  a\n  {red ,\tgreen }   car  ")).toEqual(["a red car", "a green car"]);
    expect(prompts("just one prompt, with a comma")).toEqual(["just one prompt, with a comma"]);
    expect(prompts("{single}")).toEqual(["single"]);
  });
});

describe("refusing", () => {
  it("names the column of an unclosed brace, a stray closing brace, and an empty choice", () => {
    expect(refusal("a {red, {green car")).toMatchObject({ column: 9, message: "This { is never closed: add a } after its choices." });
    expect(refusal("a red} car")).toMatchObject({ column: 6, message: expect.stringMatching(/^This \} closes no \{/) });
    expect(refusal("a {red,, green}")).toMatchObject({ column: 8, message: expect.stringMatching(/^A choice in these braces is empty/) });
    expect(refusal("a {} car").column).toBe(4);
    expect(refusal("a {red, } car").column).toBe(9);
  });

  it("refuses braces nested deeper than 8 at the brace too deep, without overflowing the stack", () => {
    expect(prompts(`${"{a ".repeat(8)}${"}".repeat(8)}`)).toEqual(["a a a a a a a a"]);
    expect(refusal(`${"{a ".repeat(9)}${"}".repeat(9)}`)).toMatchObject({
      column: 25,
      message: expect.stringMatching(/^Braces nest at most 8 deep/),
    });
    expect(refusal("{".repeat(60_000)).column).toBe(9);
  });

  it("counts the prompts before making them: more than the batch's rows is refused at once", () => {
    const ten = `{${Array.from({ length: 10 }, (_, i) => i).join(",")}}`;
    expect(prompts(ten.repeat(4))).toHaveLength(10_000);
    const started = performance.now();
    const error = refusal(ten.repeat(40));
    expect(performance.now() - started).toBeLessThan(100);
    expect(error).toMatchObject({ column: 1, message: "These variations make over a billion prompts; a batch takes at most 10,000." });
    expect(refusal("{a,b,c}", 2).message).toBe("These variations make 3 prompts; a batch takes at most 2.");
    // Nested options add up rather than multiply.
    expect(prompts("{a {1,2,3}, b {4,5}}")).toHaveLength(5);
  });

  it("refuses prompts with more characters in all than a batch file may hold, before making them", () => {
    const long = "x".repeat(30_000);
    const ten = `{${Array.from({ length: 10 }, (_, i) => i).join(",")}}`;
    const error = refusal(`${long} ${ten}${ten}${ten}`);
    expect(error.message).toMatch(/^These variations make 30 million characters of prompts; at most 20 million/);
    expect(30_000 * 1000).toBeGreaterThan(MAX_VARIATION_CHARS);
    expect(prompts(`${"x".repeat(1_000)} ${ten}${ten}${ten}`)).toHaveLength(1000);
  });
});
