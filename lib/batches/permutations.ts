// Prompts with variations, as Midjourney writes them: `a {red, green} {car, bike}` is four prompts, and a
// choice may hold its own braces (`a {red {car, bike}, blue boat}`). A backslash keeps a brace or comma as
// text (`\{`). Not a CSV parser: a tiny grammar of its own, so it is parsed here.

/** One prompt made from the text, with the choices it took (its default key: `red-car`). */
export interface Variation {
  prompt: string;
  choices: string[];
}

export class VariationError extends Error {
  constructor(
    message: string,
    /** 1-based, in characters of the text, where the problem is. */
    readonly column: number,
  ) {
    super(message);
  }
}

type Part = { text: string } | { options: Part[][]; at: number };

/** Braces inside braces, at most this deep: enough for any prompt, and the parser recurses once a level. */
export const MAX_VARIATION_DEPTH = 8;
/** The prompts' characters in all, as much text as the largest file a batch may be: made only below this. */
export const MAX_VARIATION_CHARS = 20_000_000;

/**
 * Every prompt the text makes, in order (the first choice varies slowest), each with spaces tidied. Throws a
 * VariationError naming the column of an unclosed or stray brace, an empty choice, braces nested too deep, or more than
 * `max` prompts (or MAX_VARIATION_CHARS characters of them).
 */
export function expandVariations(text: string, { max }: { max: number }): Variation[] {
  const { parts, end } = parseSequence(text, 0, 0);
  if (end < text.length) throw new VariationError("This } closes no {: remove it, or write \\} for a brace in the prompt.", end + 1);
  const { count, chars } = sizeOf(parts);
  if (count > max) {
    throw new VariationError(
      `These variations make ${count < 1e9 ? count.toLocaleString("en") : "over a billion"} prompts; a batch takes at most ${max.toLocaleString("en")}.`,
      1,
    );
  }
  if (chars > MAX_VARIATION_CHARS) {
    throw new VariationError(
      `These variations make ${Math.round(chars / 1e6)} million characters of prompts; at most ${MAX_VARIATION_CHARS / 1e6} million: make fewer or shorter ones.`,
      1,
    );
  }
  return expand(parts).map(({ prompt, choices }) => ({ prompt: tidy(prompt), choices: choices.map(tidy) }));
}

/** Text and braces from `start`, `depth` braces in, up to the `}` or `,` that ends it (or the text's end). */
function parseSequence(text: string, start: number, depth: number): { parts: Part[]; end: number } {
  const parts: Part[] = [];
  let literal = "";
  let i = start;
  while (i < text.length) {
    const char = text[i]!;
    if (char === "\\" && i + 1 < text.length && "{},\\".includes(text[i + 1]!)) {
      literal += text[i + 1];
      i += 2;
      continue;
    }
    if (char === "{") {
      if (literal) parts.push({ text: literal });
      literal = "";
      if (depth === MAX_VARIATION_DEPTH) {
        throw new VariationError(`Braces nest at most ${MAX_VARIATION_DEPTH} deep: this one is a level deeper.`, i + 1);
      }
      const { options, end } = parseChoice(text, i, depth + 1);
      parts.push({ options, at: i + 1 });
      i = end;
      continue;
    }
    if (char === "}" || (char === "," && depth > 0)) break;
    literal += char;
    i += 1;
  }
  if (literal) parts.push({ text: literal });
  return { parts, end: i };
}

/** `{a, b {c, d}}` starting at `open`: its options, and the index after its closing brace. */
function parseChoice(text: string, open: number, depth: number): { options: Part[][]; end: number } {
  const options: Part[][] = [];
  let i = open + 1;
  for (;;) {
    const { parts, end } = parseSequence(text, i, depth);
    if (end >= text.length) throw new VariationError("This { is never closed: add a } after its choices.", open + 1);
    if (parts.every((part) => "text" in part && part.text.trim() === "")) {
      throw new VariationError("A choice in these braces is empty: remove the extra comma, or write something.", end + 1);
    }
    options.push(parts);
    i = end + 1;
    if (text[end] === "}") return { options, end: i };
  }
}

/** How many prompts the parts make, and their characters in all (before spaces are tidied): counted, not made. */
function sizeOf(parts: Part[]): { count: number; chars: number } {
  let count = 1;
  let chars = 0;
  for (const part of parts) {
    const { count: n, chars: c } =
      "text" in part
        ? { count: 1, chars: part.text.length }
        : part.options.map(sizeOf).reduce((sum, o) => ({ count: sum.count + o.count, chars: sum.chars + o.chars }), { count: 0, chars: 0 });
    // Each of the `count` prompts so far is followed by each of this part's `n`; each of its `c` characters by each of them.
    chars = chars * n + c * count;
    count *= n;
  }
  return { count, chars };
}

function expand(parts: Part[]): Variation[] {
  let results: Variation[] = [{ prompt: "", choices: [] }];
  for (const part of parts) {
    if ("text" in part) {
      results = results.map((r) => ({ ...r, prompt: r.prompt + part.text }));
      continue;
    }
    // A nested choice is part of its option's text: the option as made is what this brace chose.
    const options = part.options.flatMap((option) => expand(option).map((v) => v.prompt));
    results = results.flatMap((r) => options.map((o) => ({ prompt: r.prompt + o, choices: [...r.choices, o] })));
  }
  return results;
}

const tidy = (s: string) => s.replace(/\s+/g, " ").trim();
