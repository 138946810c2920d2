// Darkroom's price guide: what a request is expected to cost before the API says (credits_reserved).
// The spec gives one price (gamma-5-pro: 35 × 1.25 = 44 on a regular account) and leaves the rest "not
// shown"; these are the rates of README's "Pricing (emulator)" table, per configuration, times the plan's
// coefficient. Budgets count a waiting submission at this estimate until its task reports what it reserved,
// and the form shows it labelled as an estimate. Client-safe (the form imports it).

export type Plan = "free" | "paid" | "lifetime";

export const PLAN_COEFFICIENT: Record<Plan, number> = { free: 1.25, paid: 1, lifetime: 0.8 };

const ALPHA_PER_SECOND: Record<string, Record<string, number>> = {
  "alpha-2.3": { "720p": 5, "768p": 5, "1080p": 8 },
  "alpha-2.3-fast": { "720p": 3, "768p": 3, "1080p": 5 },
};
const BETA_PER_SECOND: Record<string, number> = { "480p": 3, "720p": 6, "1080p": 12 };
const EPSILON_PER_SECOND: Record<string, number> = { "360p": 2, "540p": 4, "720p": 6, "1080p": 10 };
const AUDIO_PER_SECOND = 2;
const DELTA_PER_IMAGE: Record<string, number> = { medium: 8, high: 16 };
const DELTA_RESOLUTION_FACTOR: Record<string, number> = { "1K": 1, "2K": 2, "4K": 4 };

const num = (value: unknown, fallback: number) => (typeof value === "number" && Number.isFinite(value) ? value : fallback);
const str = (value: unknown, fallback: string) => (typeof value === "string" ? value : fallback);
/** An unknown value is priced at the dearest rate of its table: an estimate errs on the side of the budget. */
const rate = (table: Record<string, number>, key: string) => table[key] ?? Math.max(...Object.values(table));

function basePrice(request: Record<string, unknown>): number {
  const model = String(request.model);
  switch (model) {
    case "alpha-2.3":
    case "alpha-2.3-fast":
      return rate(ALPHA_PER_SECOND[model]!, str(request.resolution, "768p")) * num(request.duration, 6);
    case "beta-2.0": {
      const audio = request.generate_audio !== false;
      return (rate(BETA_PER_SECOND, str(request.resolution, "720p")) + (audio ? AUDIO_PER_SECOND : 0)) * num(request.duration, 5);
    }
    case "epsilon-v6": {
      const perSecond = rate(EPSILON_PER_SECOND, str(request.quality, "720p")) + (request.generate_audio === true ? AUDIO_PER_SECOND : 0);
      return perSecond * num(request.duration, 5) * (request.mode === "reference-to-video" ? 1.5 : 1);
    }
    case "gamma-5-pro":
      return 35;
    case "delta-image-2":
      return (
        rate(DELTA_PER_IMAGE, str(request.quality, "medium")) *
        rate(DELTA_RESOLUTION_FACTOR, str(request.resolution, "1K")) *
        num(request.n, 1)
      );
    default:
      return 0;
  }
}

/** The estimated credits of one task made from `request` (a model request as the form sends it). */
export function estimateCredits(request: Record<string, unknown>, plan: Plan): number {
  return Math.round(basePrice(request) * PLAN_COEFFICIENT[plan]);
}
