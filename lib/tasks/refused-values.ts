import "server-only";
import type { Kysely } from "kysely";
import { deleteInstanceValue, getInstanceValue, setInstanceValue } from "@/lib/db/instance";
import type { Database } from "@/lib/db/schema";

// Which alpha resolution an account takes (720p or 768p) is not shown in the spec. When the API refuses a
// value with a 422 naming `resolution`, that value is remembered for this instance's API (one row of the
// instance table), shown in Settings with a reset, and no longer offered by the form.
const KEY = "refused:alpha:resolution";

/** Models whose resolution refusals are learned: both alpha models share the account's reading. */
export const learnsResolution = (model: string) => model === "alpha-2.3" || model === "alpha-2.3-fast";

export async function refusedAlphaResolutions(db: Kysely<Database>): Promise<string[]> {
  const value = await getInstanceValue(db, { key: KEY });
  try {
    const parsed: unknown = value ? JSON.parse(value) : [];
    return Array.isArray(parsed) ? parsed.filter((item): item is string => typeof item === "string") : [];
  } catch {
    return [];
  }
}

/** Records that the API refused the resolution this v1 body carried; answers the value, if there was one. */
export async function learnRefusedResolution(db: Kysely<Database>, body: string): Promise<string | undefined> {
  let value: unknown;
  try {
    value = (JSON.parse(body) as { resolution?: unknown }).resolution;
  } catch {
    return undefined;
  }
  if (typeof value !== "string" || value === "") return undefined;
  const known = await refusedAlphaResolutions(db);
  if (!known.includes(value)) await setInstanceValue(db, { key: KEY, value: JSON.stringify([...known, value]) });
  return value;
}

export async function resetRefusedResolutions(db: Kysely<Database>): Promise<void> {
  await deleteInstanceValue(db, { key: KEY });
}
