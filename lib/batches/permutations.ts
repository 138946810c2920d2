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

/**
 * Every prompt the text makes, in order (the first choice varies slowest), each with spaces tidied. Throws a
 * VariationError naming the column of an unclosed or stray brace, an empty choice, or more than `max` prompts.
 */
export function expandVariations(text: string, { max }: { max: number }): Variation[] {
  const { parts, end } = parseSequence(text, 0, false);
  if (end < text.length) throw new VariationError("This } closes no {: remove it, or write \\} for a brace in the prompt.", end + 1);
  const count = countOf(parts);
  if (count > max) {
    throw new VariationError(
      `These variations make ${count.toLocaleString("en")} prompts; a batch takes at most ${max.toLocaleString("en")}.`,
      1,
    );
  }
  return expand(parts).map(({ prompt, choices }) => ({ prompt: tidy(prompt), choices: choices.map(tidy) }));
}

function parseSequence(text: string, start: number, inBraces: boolean): { parts: Part[]; end: number } {
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
      const { options, end } = parseChoice(text, i);
      parts.push({ options, at: i + 1 });
      i = end;
      continue;
    }
    if (char === "}" || (char === "," && inBraces)) break;
    literal += char;
    i += 1;
  }
  if (literal) parts.push({ text: literal });
  return { parts, end: i };
}

/** `{a, b {c, d}}` starting at `open`: its options, and the index after its closing brace. */
function parseChoice(text: string, open: number): { options: Part[][]; end: number } {
  const options: Part[][] = [];
  let i = open + 1;
  for (;;) {
    const { parts, end } = parseSequence(text, i, true);
    if (end >= text.length) throw new VariationError("This { is never closed: add a } after its choices.", open + 1);
    if (parts.every((part) => "text" in part && part.text.trim() === "")) {
      throw new VariationError("A choice in these braces is empty: remove the extra comma, or write something.", end + 1);
    }
    options.push(parts);
    i = end + 1;
    if (text[end] === "}") return { options, end: i };
  }
}

function countOf(parts: Part[]): number {
  return parts.reduce((n, part) => ("text" in part ? n : n * part.options.reduce((sum, option) => sum + countOf(option), 0)), 1);
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
