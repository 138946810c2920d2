// Turns a parse failure into { "dotted.field.path": message }: the shape of the form's errors and of
// the API's `error.fields`, and the same naming as the upstream's `error.field`.
import type { z } from "zod";

export function issueFields(issues: readonly z.core.$ZodIssue[]): Record<string, string> {
  // A Map, not an object literal: a body may carry "__proto__" or "constructor", and `obj[name] ??=`
  // would find Object.prototype's and drop the issue (Object.fromEntries defines own properties).
  const fields = new Map<string, string>();
  for (const issue of issues) {
    // A strict object reports its unknown keys in one issue at the object; name each key instead.
    const paths = issue.code === "unrecognized_keys" ? issue.keys.map((key) => [...issue.path, key]) : [issue.path];
    for (const path of paths) {
      const name = path.map(String).join(".");
      // The first issue is the most basic one (a type before a refinement), so it wins.
      if (!fields.has(name)) fields.set(name, issue.message);
    }
  }
  return Object.fromEntries(fields);
}
