import "server-only";
import { createHash } from "node:crypto";

/**
 * A submission id derived from what it is part of (a comparison's column, a batch's row): a double click or a
 * resend of the whole names the same submissions, so submit() answers them again instead of charging twice.
 * UUID-shaped, like the form's own ids.
 */
export function derivedSubmissionId(seed: string): string {
  const hex = createHash("sha256").update(seed).digest("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
