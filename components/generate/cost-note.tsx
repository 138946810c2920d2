"use client";

import { Coins } from "lucide-react";
import { useWatch } from "react-hook-form";
import { plural } from "@/lib/format";
import { priceSettings, sameSettings, type RecentCharge } from "@/lib/schemas/charges";
import type { FormValues } from "./form-values";
import { ENDPOINT_FIELD, RUNS_FIELD } from "./request-resolver";

interface CostNoteProps {
  model: string;
  mode?: string;
  charges: readonly RecentCharge[];
}

/**
 * What this request cost the last time the team sent it (same model, mode and price-moving settings), else
 * what the model cost last time: the API's own figures, since the client may not compute a price.
 */
export function CostNote({ model, mode, charges }: CostNoteProps) {
  const values = useWatch<FormValues>();
  const runs = values[RUNS_FIELD];
  // Runs and endpoint are the submission's, not the request's: neither is part of a task's settings.
  const settings = priceSettings(
    Object.fromEntries(Object.entries(values).filter(([key]) => key !== RUNS_FIELD && key !== ENDPOINT_FIELD)),
  );
  const ofModel = charges.filter((charge) => charge.model === model && (charge.mode ?? undefined) === mode);
  const same = ofModel.find((charge) => sameSettings(charge.settings, settings));
  const times = typeof runs === "number" && runs > 1 ? runs : 1;
  const text = same
    ? `${plural(same.credits, "credit")} last time with these settings${times > 1 ? ` (×${times} runs: ${plural(same.credits * times, "credit")})` : ""}`
    : ofModel[0]
      ? `${plural(ofModel[0].credits, "credit")} for this model last time, with other settings`
      : "No earlier charge for this model";
  return (
    <p className="flex items-start gap-1.5 text-xs text-muted-foreground" data-testid="cost-note">
      <Coins aria-hidden className="mt-px size-3.5 shrink-0" />
      <span>
        <span className="font-medium text-foreground">{text}.</span> The generation service sets the price when it accepts the request.
      </span>
    </p>
  );
}
