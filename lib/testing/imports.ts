// A module's imports as the source tests read them (tests, not the bundler): which modules a file pulls in, for the
// zod-free pages (lib/models/zod-free.test.ts) and the import-cycle check (components/import-cycles.test.ts).
import fs from "node:fs";
import path from "node:path";

const root = process.cwd();
const IMPORT =
  /(?:import|export)\s+(type\s+)?[^'";]*?from\s+["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)|^import\s+["']([^"']+)["']/gm;

export interface Import {
  /** A project file's absolute path, or a package's name as written. */
  target: string;
  /** `import type`: erased by the compiler. */
  typeOnly: boolean;
  /** `import("…")`: loaded when called. */
  dynamic: boolean;
}

/** A project path (`@/…` or relative) as a file on disk; a package's name as it is; undefined when no file matches. */
function resolve(from: string, spec: string): string | undefined {
  const base = spec.startsWith("@/")
    ? path.join(root, spec.slice(2))
    : spec.startsWith(".")
      ? path.resolve(path.dirname(from), spec)
      : undefined;
  if (base === undefined) return spec;
  return ["", ".ts", ".tsx", "/index.ts", "/index.tsx"]
    .map((ext) => base + ext)
    .find((file) => fs.existsSync(file) && fs.statSync(file).isFile());
}

/** Every import of `file`, resolved. */
export function importsOf(file: string): Import[] {
  return [...fs.readFileSync(file, "utf8").matchAll(IMPORT)].flatMap((match) => {
    const target = resolve(file, match[2] ?? match[3] ?? match[4]!);
    return target === undefined ? [] : [{ target, typeOnly: Boolean(match[1]), dynamic: match[3] !== undefined }];
  });
}

/** Whether an import names a project file rather than a package. */
export const isProjectFile = (target: string) => path.isAbsolute(target);
