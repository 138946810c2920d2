// Every page and route the app has, read from the app folder, with sample parameters filled in: the
// tests of what happens before any of them (headers, CSRF, malformed escapes) need the whole list.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

export interface AppPath {
  kind: "page" | "route";
  /** A concrete path: `[id]` → `x`, `[...all]` → `get-session`. */
  path: string;
  /** The HTTP methods a route exports (pages: GET). */
  methods: string[];
}

const APP = path.join(process.cwd(), "app");
const SAMPLE: Record<string, string> = { "[...all]": "get-session" };

function toUrlPath(dir: string): string {
  const segments = path
    .relative(APP, dir)
    .split(path.sep)
    .filter((segment) => segment && !/^\(.*\)$/.test(segment))
    .map((segment) => SAMPLE[segment] ?? (segment.startsWith("[") ? "x" : segment));
  return `/${segments.join("/")}`;
}

export function appPaths(dir = APP): AppPath[] {
  const found: AppPath[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) found.push(...appPaths(full));
    else if (entry.name === "page.tsx") found.push({ kind: "page", path: toUrlPath(dir), methods: ["GET"] });
    else if (entry.name === "route.ts") {
      const source = readFileSync(full, "utf8");
      const methods = ["GET", "POST", "PUT", "PATCH", "DELETE"].filter((method) =>
        new RegExp(`export (const|async function|function) ${method}\\b`).test(source),
      );
      found.push({ kind: "route", path: toUrlPath(dir), methods });
    }
  }
  return found;
}
