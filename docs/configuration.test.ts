// Issue 27: docs/operations.md's configuration table is where a person looks for a setting, so every variable
// lib/env.ts reads must have a row there (a new one fails this test until it is documented).
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { expect, it } from "vitest";

const read = (file: string) => readFileSync(fileURLToPath(new URL(`../${file}`, import.meta.url)), "utf8");

it("documents every variable lib/env.ts reads in docs/operations.md's configuration table", () => {
  const source = read("lib/env.ts");
  const schema = source.slice(source.indexOf("const schema = z"), source.indexOf("\n  .superRefine(")); // the schema's own refinement, not a field's
  const variables = [...schema.matchAll(/^ {4}([A-Z][A-Z0-9_]+): /gm)].map((match) => match[1]);
  expect(variables).toEqual(expect.arrayContaining(["PORT", "EMULATOR_PORT", "GENERATION_API_BASE_URL", "HOST"]));
  const operations = read("docs/operations.md");
  const table = operations.slice(operations.indexOf("## Configuration"), operations.indexOf("### Uploaded images"));
  expect(variables.filter((name) => !table.includes(`| \`${name}\``))).toEqual([]);
});
