// The model a fresh Generate page opens on: the cheapest image model that needs no input image, so a first
// prompt makes something at once and costs little. "Needs no input" is read from each model's own schema (it
// accepts a request with only a prompt); "cheapest" from what the API charged the team before (the client
// never prices a request itself). Without any history, catalogue order decides.
import { MODELS } from "@/lib/models/catalogue";
import type { RecentCharge } from "@/lib/schemas/charges";
import type { Choice } from "./session-store";

const PROBE_PROMPT = "A lighthouse at dusk";

/** Every image model (and mode) that takes a request made of a prompt alone. */
export function promptOnlyImageChoices(): Choice[] {
  return MODELS.filter((model) => model.kind === "image").flatMap((model) => {
    const modes: (string | undefined)[] = "modes" in model ? (model.modes as { value: string }[]).map((mode) => mode.value) : [undefined];
    return modes
      .filter((mode) => model.schema.safeParse({ model: model.id, prompt: PROBE_PROMPT, ...(mode ? { mode } : {}) }).success)
      .map((mode) => ({ model: model.id, ...(mode ? { mode } : {}) }));
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
  return cheapest ?? { model: MODELS[0].id };
}
