import "server-only";
import { parseJsonText } from "./schemas";
import type { UpstreamFailure } from "./outcome";

// What a creation's 422 says about a value the spec leaves open (alpha's 720p/768p, whether epsilon-v6
// requires aspect_ratio, which image reference types it takes), read from the failure and the body that
// was sent. Only a 422 that names its field (nested or flat JSON bodies) teaches anything: a plain-text or
// empty body names none, and a sentence is not parsed for a field name.

export type Refusal =
  | { kind: "alpha_resolution"; value: string }
  | { kind: "aspect_ratio_required" }
  | { kind: "reference_type"; refused: string[]; accepted: string[] | null };

type Body = Record<string, unknown>;

const ALPHA_MODELS = new Set(["alpha-2.3", "alpha-2.3-fast"]);
/** epsilon-v6's modes that take aspect_ratio, where the spec leaves open whether they require it. */
export const ASPECT_RATIO_MODES = ["text-to-video", "reference-to-video"] as const;
// The path of one reference's type, dotted or bracketed: image_references.2.type, image_references[2].type.
const REFERENCE_TYPE_FIELD = /^image_references(?:\.(\d+)|\[(\d+)\])\.type$/;
const TYPE_NAME = /^[A-Za-z0-9_-]{1,64}$/;

const bodyOf = (sent: string): Body | undefined => {
  const json = parseJsonText(sent);
  return typeof json === "object" && json !== null && !Array.isArray(json) ? (json as Body) : undefined;
};

/** The reference types a request carried, in order. */
export function sentReferenceTypes(body: Body): string[] {
  const references = Array.isArray(body.image_references) ? (body.image_references as unknown[]) : [];
  return references.map((item) => (item as Body | null)?.type).filter((type): type is string => typeof type === "string");
}

/**
 * The accepted values a message lists after "must be" ("… must be subject or background", "must be one of
 * subject, background, style"); null when it lists none that read as names.
 */
export function acceptedInMessage(message: string | undefined): string[] | null {
  // The list ends at a full stop, a parenthesis ("(field: …)", which the failure's words add) or the end.
  const listed = message?.match(/must be (?:one of )?([A-Za-z0-9_, -]+?)\s*(?:[.(]|$)/)?.[1];
  if (!listed) return null;
  const names = listed
    .split(/,\s*|\s+or\s+/)
    .map((name) => name.trim())
    .filter(Boolean);
  return names.length > 0 && names.every((name) => TYPE_NAME.test(name)) ? [...new Set(names)] : null;
}

function referenceTypeRefusal(body: Body, failure: UpstreamFailure): Refusal | undefined {
  const match = failure.field?.match(REFERENCE_TYPE_FIELD);
  if (!match) return undefined;
  const item = (body.image_references as unknown[] | undefined)?.[Number(match[1] ?? match[2])] as Body | undefined;
  const value = item?.type;
  // A reference sent without a type was refused for that, not for a value.
  if (typeof value !== "string" || value === "") return undefined;
  const accepted = acceptedInMessage(failure.message);
  // A list that holds the very value refused is not a list of what the API takes.
  const usable = accepted && !accepted.includes(value) ? accepted : null;
  const refused = usable ? [...new Set(sentReferenceTypes(body).filter((type) => !usable.includes(type)))] : [value];
  return { kind: "reference_type", refused, accepted: usable };
}

/** What this 422 teaches, or undefined when it names nothing Darkroom remembers. */
export function readRefusal(model: string, sent: string, failure: UpstreamFailure): Refusal | undefined {
  if (failure.status !== 422 || !failure.field) return undefined;
  const body = bodyOf(sent);
  if (!body) return undefined;
  if (ALPHA_MODELS.has(model) && failure.field === "resolution") {
    return typeof body.resolution === "string" && body.resolution !== "" ? { kind: "alpha_resolution", value: body.resolution } : undefined;
  }
  if (model !== "epsilon-v6") return undefined;
  // Refused while absent: the API requires it. (A value it refused is an ordinary invalid request.)
  if (failure.field === "aspect_ratio" && body.aspect_ratio === undefined && ASPECT_RATIO_MODES.some((mode) => mode === body.mode)) {
    return { kind: "aspect_ratio_required" };
  }
  return referenceTypeRefusal(body, failure);
}

/**
 * For a 422 that named no field (a plain-text or empty body): the values of this request the spec leaves
 * open, in words, so the person knows what the API may have refused. Undefined when it carried none.
 */
export function openValuesOf(model: string, sent: string): string | undefined {
  const body = bodyOf(sent);
  if (!body) return undefined;
  const open: string[] = [];
  if (ALPHA_MODELS.has(model) && typeof body.resolution === "string") open.push(`resolution ${body.resolution}`);
  if (model === "epsilon-v6") {
    if (body.aspect_ratio === undefined && ASPECT_RATIO_MODES.some((mode) => mode === body.mode))
      open.push("no aspect_ratio (left to the API)");
    const types = [...new Set(sentReferenceTypes(body))];
    if (types.length > 0) open.push(`reference type${types.length === 1 ? "" : "s"} ${types.join(", ")}`);
  }
  return open.length > 0 ? open.join("; ") : undefined;
}
