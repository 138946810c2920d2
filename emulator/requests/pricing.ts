// Base prices from the decisions doc "Pricing (emulator)" table, before the plan coefficient.
// Each function takes already-validated values, so a missing table entry is a programming error.

const ALPHA_PER_SECOND = {
  // 720p is the same tier as 768p under the other reading of the contract (profile alphaResolution).
  "alpha-2.3": { "720p": 5, "768p": 5, "1080p": 8 },
  "alpha-2.3-fast": { "720p": 3, "768p": 3, "1080p": 5 },
} as const;
const BETA_PER_SECOND: Record<string, number> = { "480p": 3, "720p": 6, "1080p": 12 };
const EPSILON_PER_SECOND: Record<string, number> = { "360p": 2, "540p": 4, "720p": 6, "1080p": 10 };
const AUDIO_PER_SECOND = 2;
const EPSILON_REFERENCE_FACTOR = 1.5;
const GAMMA_PER_IMAGE = 35;
const DELTA_PER_IMAGE: Record<string, number> = { medium: 8, high: 16 };
const DELTA_RESOLUTION_FACTOR: Record<string, number> = { "1K": 1, "2K": 2, "4K": 4 };

export type AlphaModel = keyof typeof ALPHA_PER_SECOND;
export type AlphaResolution = "720p" | "768p" | "1080p";

function rate(table: Record<string, number>, key: string): number {
  const value = table[key];
  if (value === undefined) throw new Error(`no price for ${key}`);
  return value;
}

export function alphaPrice(model: AlphaModel, resolution: AlphaResolution, seconds: number): number {
  return ALPHA_PER_SECOND[model][resolution] * seconds;
}

export function betaPrice(resolution: string, seconds: number, audio: boolean): number {
  return (rate(BETA_PER_SECOND, resolution) + (audio ? AUDIO_PER_SECOND : 0)) * seconds;
}

// Every per-second rate is even, so the 1.5 factor always gives a whole number.
export function epsilonPrice(quality: string, seconds: number, audio: boolean, reference: boolean): number {
  const perSecond = rate(EPSILON_PER_SECOND, quality) + (audio ? AUDIO_PER_SECOND : 0);
  return perSecond * seconds * (reference ? EPSILON_REFERENCE_FACTOR : 1);
}

export function gammaPrice(count: number): number {
  return GAMMA_PER_IMAGE * count;
}

export function deltaPrice(quality: string, resolution: string, count: number): number {
  return rate(DELTA_PER_IMAGE, quality) * rate(DELTA_RESOLUTION_FACTOR, resolution) * count;
}
