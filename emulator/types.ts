// Types shared by the emulator's parts. The emulator is a separate server: the app never imports it.
import type { Profile } from "./profile";

export type Plan = "free" | "paid" | "lifetime";
export type Kind = "image" | "video";
export type ModelId = "alpha-2.3" | "alpha-2.3-fast" | "beta-2.0" | "epsilon-v6" | "gamma-5-pro" | "delta-image-2";

/** Credits are the base price times the plan's coefficient, rounded (gamma: 35 × 1.25 = 44 on free). */
export const PLAN_COEFFICIENT: Record<Plan, number> = { free: 1.25, paid: 1, lifetime: 0.8 };

/** What the renderer must produce for one accepted task. */
export type OutputSpec =
  | { kind: "image"; format: "png" | "jpeg"; width: number; height: number; count: number }
  | { kind: "video"; width: number; height: number; seconds: number };

/** A creation request the validator accepted. */
export interface AcceptedRequest {
  model: ModelId;
  kind: Kind;
  /** The request as sent, with every documented default filled in. */
  params: Record<string, unknown>;
  output: OutputSpec;
  /** Price before the plan coefficient. */
  basePrice: number;
  /** epsilon-v6 extend by parent: the server checks it is a succeeded epsilon-v6 task of the same account. */
  parentTaskId?: string;
}

export type Validation = { ok: true; request: AcceptedRequest } | { ok: false; field: string; message: string };

export interface ValidationContext {
  /** The profile in force; the defaults when absent. */
  profile?: Profile;
  /** URLs of media this emulator serves are accepted as inputs, though they are not public HTTPS. */
  isOwnMediaUrl(url: string): boolean;
  /** URLs of an origin the emulator was told to trust (the dashboard's uploads): accepted over http too, then fetched. */
  isTrustedInput?(url: string): boolean;
}

/** The resolutions alpha-2.3 accepts besides 1080p, and its default, under the profile's reading. */
export function alphaResolutions(ctx: ValidationContext): { values: string[]; fallback: string } {
  const low = ctx.profile?.alphaResolution ?? "768p";
  return { values: [low, "1080p"], fallback: low };
}
