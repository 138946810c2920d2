"use client";

import { Check, Film, Image as ImageIcon } from "lucide-react";
import { useId } from "react";
import { plural } from "@/lib/format";
import { MODEL_META } from "@/lib/models/meta";
import type { RecentCharge } from "@/lib/schemas/charges";

const KIND = { image: { label: "Image", Icon: ImageIcon }, video: { label: "Video", Icon: Film } } as const;

interface ModelPickerProps {
  /** The chosen model; undefined while none is (an entry link's task is loading). */
  value: string | undefined;
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
      {/* Native radio buttons (Radix's radio group cost script): one Tab stop, arrow keys move and choose. */}
      <div role="radiogroup" aria-labelledby={`${id}-title`} className="grid grid-cols-2 gap-1.5">
        {MODEL_META.map((model) => {
          const { label, Icon } = KIND[model.kind];
          const seen = lowest(model.id, charges);
          return (
            <label
              key={model.id}
              className="group relative flex min-w-0 cursor-pointer items-center gap-2 rounded-md border border-muted-foreground/25 bg-card px-2.5 py-1.5 text-left transition-colors hover:bg-muted/50 has-checked:border-primary has-checked:bg-primary/5 has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-ring"
            >
              <input
                type="radio"
                name={`${id}-model`}
                value={model.id}
                checked={model.id === value}
                onChange={() => onChange(model.id)}
                aria-labelledby={`${id}-${model.id}-name`}
                aria-describedby={`${id}-${model.id}-facts`}
                className="absolute inset-0 size-full cursor-pointer appearance-none rounded-md opacity-0"
              />
              <Icon aria-hidden className="size-4 shrink-0 text-muted-foreground group-has-checked:text-primary" />
              <span className="grid min-w-0 flex-1 leading-tight">
                <span id={`${id}-${model.id}-name`} className="truncate text-sm font-medium">
                  {model.label}
                </span>
                {/* The price wraps whole onto a line of its own rather than being cut ("from 38 c…") in a phone's two columns. */}
                <span id={`${id}-${model.id}-facts`} className="flex flex-wrap gap-x-1 text-xs text-muted-foreground">
                  <span>{label}</span> {seen !== undefined && <span className="whitespace-nowrap">· from {plural(seen, "credit")}</span>}
                </span>
              </span>
              <Check aria-hidden className="size-4 shrink-0 text-primary opacity-0 group-has-checked:opacity-100" />
            </label>
          );
        })}
      </div>
    </section>
  );
}
