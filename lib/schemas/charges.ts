// What the Generate page is told about earlier charges, so it can say what a request cost before. The spec
// forbids computing prices in the client, so this is history the API reported, never a quote.

/** One recent task of the team: its model and mode, the settings that move the price, and what was reserved. */
export interface RecentCharge {
  model: string;
  mode: string | null;
  /** The request's settings without prompt, inputs or seed (see priceSettings). */
  settings: Record<string, unknown>;
  credits: number;
  createdAt: string;
}

// Free text, inputs and the seed do not change the price; everything else (duration, quality, resolution,
// audio, n, size, aspect…) might, so it must match for "the same settings".
const NOT_PRICED = /(^prompt$|^seed$|^callback_url$|^negative_prompt$|url|image|reference|^parent_task_id$|^mode$|^model$)/;

/** The settings of a request that can move its price, with empty values left out so a form and a stored request compare. */
export function priceSettings(params: Record<string, unknown>): Record<string, unknown> {
  const kept = Object.entries(params)
    .filter(([key, value]) => !NOT_PRICED.test(key) && value !== undefined && value !== null && value !== "" && value !== false)
    // Code-unit order, not localeCompare: the keys are ASCII names, and the browser's collator costs a page's
    // first Intl call (lib/format.ts).
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return Object.fromEntries(kept);
}

export const sameSettings = (a: Record<string, unknown>, b: Record<string, unknown>) => JSON.stringify(a) === JSON.stringify(b);

/**
 * What a request is expected to cost, from the team's history (never a computed price): the last charge with the
 * same model, mode and settings, else the highest recent charge of that model and mode (an estimate errs on the
 * side of a budget), else nothing known.
 */
export function pastCharge(
  charges: readonly RecentCharge[],
  { model, mode, settings }: { model: string; mode?: string; settings: Record<string, unknown> },
): { credits: number; sameSettings: boolean } | undefined {
  const ofModel = charges.filter((charge) => charge.model === model && (charge.mode ?? undefined) === mode);
  const same = ofModel.find((charge) => sameSettings(charge.settings, settings));
  if (same) return { credits: same.credits, sameSettings: true };
  if (ofModel.length === 0) return undefined;
  return { credits: Math.max(...ofModel.map((charge) => charge.credits)), sameSettings: false };
}

/**
 * The charges that pastCharge and the lowest price per model can tell apart, newest first: the first of each model,
 * mode and settings, and each model and mode's highest and lowest (recentCharges keeps these): the team's
 * 200 latest tasks repeat a few settings, and all of them were 20 KB of every Overview's and workspace's payload.
 */
export function distinctCharges(charges: readonly RecentCharge[]): RecentCharge[] {
  const first = new Map<string, RecentCharge>();
  const highest = new Map<string, RecentCharge>();
  const lowest = new Map<string, RecentCharge>();
  for (const charge of charges) {
    const of = JSON.stringify([charge.model, charge.mode]);
    const key = `${of}${JSON.stringify(charge.settings)}`;
    if (!first.has(key)) first.set(key, charge);
    if (charge.credits > (highest.get(of)?.credits ?? -Infinity)) highest.set(of, charge);
    if (charge.credits < (lowest.get(of)?.credits ?? Infinity)) lowest.set(of, charge);
  }
  const kept = new Set([...first.values(), ...highest.values(), ...lowest.values()]);
  return charges.filter((charge) => kept.has(charge));
}
