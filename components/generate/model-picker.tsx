"use client";

import { Check, Film, Image as ImageIcon } from "lucide-react";
import { RadioGroup } from "radix-ui";
import { useId } from "react";
import { MODELS } from "@/lib/models/catalogue";

const KIND = { image: { label: "Image", Icon: ImageIcon }, video: { label: "Video", Icon: Film } } as const;

/**
 * The catalogue as radio cards: name, image or video, family and modes, and a short description
 * (not on phones, to keep the list short: the form below opens with the chosen model's).
 */
export function ModelPicker({ value, onChange }: { value: string; onChange: (model: string) => void }) {
  const id = useId();
  return (
    <section aria-labelledby={`${id}-title`} className="grid gap-3">
      <h2 id={`${id}-title`} className="text-base font-semibold tracking-tight">
        Model
      </h2>
      <RadioGroup.Root
        value={value}
        onValueChange={onChange}
        aria-labelledby={`${id}-title`}
        loop
        className="grid grid-cols-2 gap-2 lg:grid-cols-3"
      >
        {MODELS.map((model) => {
          const { label, Icon } = KIND[model.kind];
          const modes = "modes" in model ? model.modes.length : 0;
          return (
            <RadioGroup.Item
              key={model.id}
              value={model.id}
              aria-labelledby={`${id}-${model.id}-name`}
              aria-describedby={`${id}-${model.id}-facts ${id}-${model.id}-about`}
              className="group relative flex cursor-pointer flex-col items-start gap-1 rounded-lg border border-muted-foreground/25 bg-card p-3 text-left transition-colors hover:bg-muted/50 data-[state=checked]:border-primary data-[state=checked]:bg-primary/5"
            >
              <span className="flex w-full items-center gap-2">
                <Icon aria-hidden className="size-4 shrink-0 text-muted-foreground group-data-[state=checked]:text-primary" />
                <span id={`${id}-${model.id}-name`} className="text-sm font-medium">
                  {model.label}
                </span>
                <Check aria-hidden className="ml-auto size-4 shrink-0 text-primary opacity-0 group-data-[state=checked]:opacity-100" />
              </span>
              <span id={`${id}-${model.id}-facts`} className="text-xs text-muted-foreground">
                {label} · family {model.family}
                {modes > 0 && ` · ${modes} modes`}
              </span>
              <span id={`${id}-${model.id}-about`} className="hidden text-xs text-pretty text-muted-foreground sm:line-clamp-2">
                {model.description}
              </span>
            </RadioGroup.Item>
          );
        })}
      </RadioGroup.Root>
    </section>
  );
}
