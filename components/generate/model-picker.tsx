"use client";

import { Check, Film, Image as ImageIcon } from "lucide-react";
import { RadioGroup } from "radix-ui";
import { useId } from "react";
import { plural } from "@/lib/format";
import { MODEL_META } from "@/lib/models/meta";
import type { RecentCharge } from "@/lib/schemas/charges";

const KIND = { image: { label: "Image", Icon: ImageIcon }, video: { label: "Video", Icon: Film } } as const;

interface ModelPickerProps {
  value: string;
  onChange: (model: string) => void;
  /** The team's recent charges: each model shows the lowest one seen (the client never prices a request). */
  charges?: readonly RecentCharge[];
}

const lowest = (model: string, charges: readonly RecentCharge[]) =>
  charges.reduce<number | undefined>(
    (found, charge) => (charge.model === model && (found === undefined || charge.credits < found) ? charge.credits : found),
    undefined,
  );

/**
 * The catalogue as a compact list of radio rows: name, image or video, and the lowest price the team was charged
 * for it (or nothing when it was never used). The chosen model's description opens the form below.
 */
export function ModelPicker({ value, onChange, charges = [] }: ModelPickerProps) {
  const id = useId();
  return (
    <section aria-labelledby={`${id}-title`} className="grid gap-2">
      <h2 id={`${id}-title`} className="text-sm font-semibold tracking-tight">
        Model
      </h2>
      <RadioGroup.Root value={value} onValueChange={onChange} aria-labelledby={`${id}-title`} loop className="grid grid-cols-2 gap-1.5">
        {MODEL_META.map((model) => {
          const { label, Icon } = KIND[model.kind];
          const seen = lowest(model.id, charges);
          return (
            <RadioGroup.Item
              key={model.id}
              value={model.id}
              aria-labelledby={`${id}-${model.id}-name`}
              aria-describedby={`${id}-${model.id}-facts`}
              className="group flex min-w-0 cursor-pointer items-center gap-2 rounded-md border border-muted-foreground/25 bg-card px-2.5 py-1.5 text-left transition-colors hover:bg-muted/50 data-[state=checked]:border-primary data-[state=checked]:bg-primary/5"
            >
              <Icon aria-hidden className="size-4 shrink-0 text-muted-foreground group-data-[state=checked]:text-primary" />
              <span className="grid min-w-0 flex-1 leading-tight">
                <span id={`${id}-${model.id}-name`} className="truncate text-sm font-medium">
                  {model.label}
                </span>
                <span id={`${id}-${model.id}-facts`} className="truncate text-xs text-muted-foreground">
                  {label}
                  {seen !== undefined && ` · from ${plural(seen, "credit")}`}
                </span>
              </span>
              <Check aria-hidden className="size-4 shrink-0 text-primary opacity-0 group-data-[state=checked]:opacity-100" />
            </RadioGroup.Item>
          );
        })}
      </RadioGroup.Root>
    </section>
  );
}
