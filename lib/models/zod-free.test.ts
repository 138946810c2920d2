import path from "node:path";
import { describe, expect, it } from "vitest";
import { importsOf, isProjectFile } from "@/lib/testing/imports";

// Pages without a form must not carry zod (30 KiB gzip on every page, issue 15). These modules are what the
// gallery, a task's page and the Overview import for models, filters and the prompt bar; type-only imports
// are erased by the compiler and do not count.
const ZOD_FREE = [
  "lib/models/meta.ts",
  "lib/query/task-filters.ts",
  "lib/query/tasks.ts",
  "components/tasks/task-format.ts",
  "components/generate/quick-prompt.tsx",
];

// The pages' client roots: nothing they load at first reaches zod (a dialog's form, imported when opened,
// may). Issue 28: the gallery's and task page's share form and the Credits page's periods had brought it back.
const FIRST_LOAD_ZOD_FREE = [
  "components/tasks/task-gallery.tsx",
  "components/tasks/task-detail.tsx",
  "components/credits/credits-live.tsx",
  "components/layout/sidebar.tsx",
  "components/layout/mobile-bar.tsx",
  "components/compare/compare-form.tsx",
];

const root = process.cwd();
const isZod = (target: string) => target === "zod" || target.startsWith("zod/");

/** The chain from `entry` to a module `found` picks, through value imports (static ones only, if told), or undefined. */
function chainTo(entry: string, found: (target: string) => boolean, staticOnly = false): string[] | undefined {
  const parent = new Map<string, string | null>([[path.join(root, entry), null]]);
  const queue = [path.join(root, entry)];
  while (queue.length) {
    const file = queue.shift()!;
    for (const { target, typeOnly, dynamic } of importsOf(file)) {
      if (typeOnly || (staticOnly && dynamic) || parent.has(target)) continue;
      parent.set(target, file);
      if (found(target)) {
        const chain: string[] = [];
        for (let at: string | null | undefined = target; at; at = parent.get(at)) chain.unshift(path.relative(root, at));
        return chain;
      }
      if (isProjectFile(target)) queue.push(target);
    }
  }
  return undefined;
}

describe("modules of pages without a form", () => {
  it.each(ZOD_FREE)("%s reaches no zod", (entry) => {
    expect(chainTo(entry, isZod)).toBeUndefined();
  });

  it.each(FIRST_LOAD_ZOD_FREE)("%s loads no zod before it is used", (entry) => {
    expect(chainTo(entry, isZod, true)).toBeUndefined();
  });

  it("the gallery names models from labels.ts, without the catalogue's descriptions and modes (meta.ts)", () => {
    expect(chainTo("components/tasks/task-gallery.tsx", (target) => target.endsWith("lib/models/meta.ts"), true)).toBeUndefined();
  });

  it("the walk finds zod where it is", () => {
    expect(chainTo("lib/models/catalogue.ts", isZod)).toEqual(["lib/models/catalogue.ts", "zod"]);
    expect(chainTo("lib/models/load.ts", (target) => target.endsWith("lib/models/epsilon.ts"))).toBeDefined();
  });
});

describe("the Generate workspace", () => {
  it("loads model schemas only by dynamic import, one model at a time (lib/models/load.ts)", () => {
    const schemas = ["catalogue", "alpha", "beta", "gamma", "delta", "epsilon"].map((name) => path.join(root, `lib/models/${name}.ts`));
    expect(chainTo("components/generate/generate-workspace.tsx", (target) => schemas.includes(target), true)).toBeUndefined();
  });

  it("carries no zod on its first load: the form is checked by a module it imports when first used", () => {
    expect(chainTo("components/generate/generate-workspace.tsx", isZod, true)).toBeUndefined();
    expect(chainTo("components/generate/generate-workspace.tsx", isZod)).toEqual(
      expect.arrayContaining(["components/generate/check-request.ts", "zod"]),
    );
  });

  it("has no form library: its own store holds the form (components/generate/form-store.ts)", () => {
    expect(chainTo("components/generate/generate-workspace.tsx", (target) => target === "react-hook-form")).toBeUndefined();
  });
});
