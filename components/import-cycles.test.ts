// No module under components/ reaches itself again through its imports, dynamic ones included: a lazily loaded
// part that imports what loads it (a preview importing its field, a viewer importing the actions that open it)
// ties the two into one chunk graph, and the split that was meant to keep it off the first screen leaks.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { importsOf, isProjectFile } from "@/lib/testing/imports";

const root = process.cwd();

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(file);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith(".test.ts") ? [file] : [];
  });
}

/** The value imports of every module (type-only ones are erased by the compiler and do not count). */
function importGraph(files: string[]): Map<string, string[]> {
  return new Map(
    files.map((file) => [
      file,
      importsOf(file)
        .filter((found) => !found.typeOnly && isProjectFile(found.target))
        .map((found) => found.target),
    ]),
  );
}

/** Each cycle found by a depth-first walk, as the chain of files that closes it. */
export function cyclesOf(graph: Map<string, string[]>): string[][] {
  const state = new Map<string, "open" | "done">();
  const stack: string[] = [];
  const cycles: string[][] = [];
  const visit = (file: string) => {
    state.set(file, "open");
    stack.push(file);
    for (const next of graph.get(file) ?? []) {
      if (state.get(next) === "open") cycles.push([...stack.slice(stack.indexOf(next)), next]);
      else if (!state.has(next) && graph.has(next)) visit(next);
    }
    stack.pop();
    state.set(file, "done");
  };
  for (const file of graph.keys()) if (!state.has(file)) visit(file);
  return cycles;
}

describe("components' imports", () => {
  it("form no cycle", () => {
    const cycles = cyclesOf(importGraph(sources(path.join(root, "components"))));
    expect(cycles.map((cycle) => cycle.map((file) => path.relative(root, file)).join(" → "))).toEqual([]);
  });

  it("the walk finds a cycle where there is one", () => {
    expect(
      cyclesOf(
        new Map([
          ["a", ["b"]],
          ["b", ["c"]],
          ["c", ["a"]],
        ]),
      ),
    ).toEqual([["a", "b", "c", "a"]]);
  });
});
