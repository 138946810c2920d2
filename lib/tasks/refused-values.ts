import "server-only";
import type { Kysely } from "kysely";
import { deleteInstanceValue, getInstanceValue, setInstanceValue } from "@/lib/db/instance";
import type { Database } from "@/lib/db/schema";
import type { LearnedValues } from "@/lib/schemas/learned-values";
import type { UpstreamFailure } from "@/lib/upstream/outcome";
import { openValuesOf, readRefusal, type Refusal } from "@/lib/upstream/refusal";

// Values the spec leaves open that this instance's API refused with a 422 naming the field (see
// lib/upstream/refusal): one row of the instance table each, shown in Settings with a reset, and read by
// the form (which stops offering a refused value, or asks for what the API requires).
const KEYS = {
  alphaResolution: "refused:alpha:resolution",
  aspectRatioRequired: "refused:epsilon:aspect_ratio",
  referenceType: "refused:epsilon:reference_type",
} as const;

type Db = Kysely<Database>;

const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === "string") : [];

async function readJson(db: Db, key: string): Promise<unknown> {
  const value = await getInstanceValue(db, { key });
  try {
    return value ? JSON.parse(value) : undefined;
  } catch {
    return undefined;
  }
}

export async function learnedValues(db: Db): Promise<LearnedValues> {
  const [resolutions, required, types] = await Promise.all([
    readJson(db, KEYS.alphaResolution),
    readJson(db, KEYS.aspectRatioRequired),
    readJson(db, KEYS.referenceType),
  ]);
  const stored = (typeof types === "object" && types !== null ? types : {}) as { refused?: unknown; accepted?: unknown };
  return {
    alphaResolution: strings(resolutions),
    aspectRatioRequired: required === true,
    referenceType: { refused: strings(stored.refused), accepted: Array.isArray(stored.accepted) ? strings(stored.accepted) : null },
  };
}

async function remember(db: Db, refusal: Refusal): Promise<void> {
  const known = await learnedValues(db);
  if (refusal.kind === "alpha_resolution") {
    if (!known.alphaResolution.includes(refusal.value)) {
      await setInstanceValue(db, { key: KEYS.alphaResolution, value: JSON.stringify([...known.alphaResolution, refusal.value]) });
    }
  } else if (refusal.kind === "aspect_ratio_required") {
    await setInstanceValue(db, { key: KEYS.aspectRatioRequired, value: "true" });
  } else {
    const refused = [...new Set([...known.referenceType.refused, ...refusal.refused])];
    // The latest list the API gave is the one it takes now.
    const accepted = refusal.accepted ?? known.referenceType.accepted;
    await setInstanceValue(db, { key: KEYS.referenceType, value: JSON.stringify({ refused, accepted }) });
  }
}

const LEARNED = "(Settings shows what was learned, and can reset it.) Nothing was charged.";

function learnedWords(refusal: Refusal): string {
  if (refusal.kind === "alpha_resolution")
    return `This API does not take resolution ${refusal.value}: the form no longer offers it. ${LEARNED}`;
  if (refusal.kind === "aspect_ratio_required") {
    return `This API requires aspect_ratio in epsilon-v6's text and reference modes: the form now asks for one. ${LEARNED}`;
  }
  const takes = refusal.accepted ? ` It takes ${refusal.accepted.join(", ")}.` : "";
  const types = refusal.refused.join(", ");
  return `This API does not take reference type${refusal.refused.length === 1 ? "" : "s"} ${types}: the form no longer offers ${refusal.refused.length === 1 ? "it" : "them"}.${takes} ${LEARNED}`;
}

/**
 * After a creation's 422: remembers what it teaches and answers the words to show with the refusal, or
 * undefined when there is nothing to add. A 422 that names no field (plain-text or empty body) teaches
 * nothing, but the words still say which of the request's values the spec leaves open.
 */
export async function learnFromRefusal(
  db: Db,
  submission: { model: string; body: string },
  failure: UpstreamFailure,
): Promise<string | undefined> {
  if (failure.status !== 422 || failure.kind !== "invalid_request") return undefined;
  const refusal = readRefusal(submission.model, submission.body, failure);
  if (refusal) {
    await remember(db, refusal);
    return `${failure.message} ${learnedWords(refusal)}`;
  }
  if (failure.field) return undefined;
  const open = openValuesOf(submission.model, submission.body);
  if (!open) return undefined;
  return `${failure.message} The API did not say which field it refused, so nothing was learned. This request's values that the spec leaves open: ${open}. Nothing was charged.`;
}

export async function resetLearnedValues(db: Db): Promise<void> {
  for (const key of Object.values(KEYS)) await deleteInstanceValue(db, { key });
}
