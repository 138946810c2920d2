// Emulator profiles: one switch per point the spec leaves open, so clients can be tested against every
// reading of it. Set at start (EMULATOR_PROFILE, a JSON object) and at run time (PUT /__emulator/profile).

export interface Profile {
  /** Family A's resolution besides 1080p: "768p" (default 768p) or "720p" (768p is 422, omitted runs at 720p). */
  alphaResolution: "768p" | "720p";
  /** The form of a settled refund: 44, "44", true or {"amount": 44}. */
  creditsRefunded: "number" | "string" | "boolean" | "object";
  /** true: every Task field that does not apply is present as null. */
  nullFields: boolean;
  /** extended: a failed task's error object carries type, param, request_id and details. */
  errorObject: "basic" | "extended";
  /** The body of HTTP 4xx/5xx answers. */
  errorBody: "nested" | "flat" | "text" | "empty";
  /** plain: the rate and the concurrency 429 carry the same body. */
  rateLimitBody: "coded" | "plain";
  /** The Retry-After header on the emulator's own 429s. */
  retryAfter: "seconds" | "absent" | "http-date";
  /** The HTTP status of a blocked prompt, or "task": 202 with a failed task. */
  promptBlocked: 422 | 400 | 403 | "task";
  /** reject: a body field the model does not define is 422 naming it. */
  unknownFields: "ignore" | "reject";
  /** epsilon-v6 text and reference modes require aspect_ratio. */
  aspectRatioRequired: boolean;
  /** The accepted `type` values of an epsilon-v6 image reference. */
  referenceTypes: string[];
  /** creation-only: retrievals omit created_at and updated_at. */
  timestamps: "always" | "creation-only";
  /** The status of a new task. */
  initialStatus: "pending" | "processing";
  /** true: a processing task goes back to pending once before it finishes. */
  requeue: boolean;
  /** ignored: family D treats every POST as new, same Idempotency-Key or not. */
  deltaIdempotency: "honoured" | "ignored";
  /** The legacy endpoints' naming scheme. */
  legacyShape: "a" | "b";
}

type Choices = { [K in keyof Profile]: Profile[K] extends string[] ? "list" : readonly Profile[K][] };

/** The values of each switch, the default first. */
export const PROFILE_CHOICES: Choices = {
  alphaResolution: ["768p", "720p"],
  creditsRefunded: ["number", "string", "boolean", "object"],
  nullFields: [false, true],
  errorObject: ["basic", "extended"],
  errorBody: ["nested", "flat", "text", "empty"],
  rateLimitBody: ["coded", "plain"],
  retryAfter: ["seconds", "absent", "http-date"],
  promptBlocked: [422, 400, 403, "task"],
  unknownFields: ["ignore", "reject"],
  aspectRatioRequired: [false, true],
  referenceTypes: "list",
  timestamps: ["always", "creation-only"],
  initialStatus: ["pending", "processing"],
  requeue: [false, true],
  deltaIdempotency: ["honoured", "ignored"],
  legacyShape: ["a", "b"],
};

export const DEFAULT_PROFILE: Readonly<Profile> = Object.freeze({
  alphaResolution: "768p",
  creditsRefunded: "number",
  nullFields: false,
  errorObject: "basic",
  errorBody: "nested",
  rateLimitBody: "coded",
  retryAfter: "seconds",
  promptBlocked: 422,
  unknownFields: "ignore",
  aspectRatioRequired: false,
  referenceTypes: ["subject", "background"],
  timestamps: "always",
  initialStatus: "pending",
  requeue: false,
  deltaIdempotency: "honoured",
  legacyShape: "a",
});

const REFERENCE_TYPE = /^[A-Za-z0-9_-]{1,64}$/;

export type ProfileResult = { ok: true; profile: Profile } | { ok: false; message: string };

/** Applies a partial profile on top of `base`; the first unknown switch or value is named in the message. */
export function mergeProfile(base: Readonly<Profile>, patch: unknown): ProfileResult {
  if (typeof patch !== "object" || patch === null || Array.isArray(patch)) {
    return { ok: false, message: 'The profile must be a JSON object of switches, e.g. {"retryAfter": "absent"}.' };
  }
  const next: Profile = { ...base, referenceTypes: [...base.referenceTypes] };
  for (const [name, value] of Object.entries(patch as Record<string, unknown>)) {
    if (!Object.hasOwn(PROFILE_CHOICES, name)) {
      return { ok: false, message: `Unknown profile switch "${name}"; the switches are ${Object.keys(PROFILE_CHOICES).join(", ")}.` };
    }
    const key = name as keyof Profile;
    const choices = PROFILE_CHOICES[key];
    if (choices === "list") {
      if (!Array.isArray(value) || value.length === 0 || !value.every((v) => typeof v === "string" && REFERENCE_TYPE.test(v))) {
        return {
          ok: false,
          message: `Invalid value ${JSON.stringify(value)} for profile switch "${name}": a non-empty list of names (letters, digits, _ or -).`,
        };
      }
      next.referenceTypes = [...new Set(value as string[])];
      continue;
    }
    if (!(choices as readonly unknown[]).includes(value)) {
      const allowed = choices.map((c) => JSON.stringify(c)).join(", ");
      return { ok: false, message: `Invalid value ${JSON.stringify(value)} for profile switch "${name}"; allowed: ${allowed}.` };
    }
    (next as unknown as Record<string, unknown>)[key] = value;
  }
  return { ok: true, profile: next };
}

/** Reads EMULATOR_PROFILE's text (a JSON object); throws with the switch or value at fault. */
export function parseProfileText(text: string | undefined): Profile {
  if (text === undefined || text.trim() === "") return { ...DEFAULT_PROFILE, referenceTypes: [...DEFAULT_PROFILE.referenceTypes] };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new Error("EMULATOR_PROFILE must be a JSON object of profile switches.");
  }
  const merged = mergeProfile(DEFAULT_PROFILE, value);
  if (!merged.ok) throw new Error(`EMULATOR_PROFILE: ${merged.message}`);
  return merged.profile;
}
