// The model a fresh Generate page opens on: the cheapest image model that needs no input image, so a first
// prompt makes something at once and costs little. "Needs no input" is the catalogue's promptOnly (checked
// against each model's schema in lib/models/meta.test.ts, so the Overview need not load the schemas); "cheapest" from what the API charged the team before (the client
// never prices a request itself). Without any history, catalogue order decides.
import { MODEL_META, type ModelMeta } from "@/lib/models/meta";
import type { RecentCharge } from "@/lib/schemas/charges";
import type { Choice } from "./session-store";

/** Every image model that takes a request made of a prompt alone (in its first mode, if it has modes). */
export function promptOnlyImageChoices(): Choice[] {
  return MODEL_META.filter((model) => model.kind === "image" && model.promptOnly).map((model) => {
    const mode = (model as ModelMeta).modes?.[0]?.value;
    return { model: model.id, ...(mode ? { mode } : {}) };
  });
}

/** The lowest charge seen for a model, or Infinity when the team never used it. */
function lowestCharge(model: string, charges: readonly RecentCharge[]): number {
  return charges.reduce((lowest, charge) => (charge.model === model ? Math.min(lowest, charge.credits) : lowest), Infinity);
}

export function defaultChoice(charges: readonly RecentCharge[]): Choice {
  const choices = promptOnlyImageChoices();
  // Array.prototype.sort is stable: equal (or unknown) prices keep catalogue order.
  const cheapest = [...choices].sort((a, b) => lowestCharge(a.model, charges) - lowestCharge(b.model, charges))[0];
  return cheapest ?? { model: MODEL_META[0].id };
}
