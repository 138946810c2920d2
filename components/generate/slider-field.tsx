"use client";

import { Slider } from "@/components/ui/slider";
import { optionLabel, type ControlProps } from "./control-props";
import { FieldShell } from "./field-shell";
import { WholeNumberInput } from "./number-fields";

// Loaded with the first form that has a slider (widget-map.ts): the form a fresh page opens on has none.
/** A bounded number: a slider for quick changes, a number box for an exact value. */
export function SliderField({ spec, value, onChange, error, label, inputRef, className }: ControlProps) {
  const min = spec.min ?? 0;
  const max = spec.max ?? 100;
  const current = typeof value === "number" && !Number.isNaN(value) ? Math.min(max, Math.max(min, value)) : min;
  return (
    <FieldShell
      className={className}
      label={label ?? spec.meta.label}
      help={spec.meta.help ?? `${optionLabel(min, spec.meta.unit)} to ${optionLabel(max, spec.meta.unit)}`}
      error={error}
    >
      {(ids) => (
        <div className="flex items-center gap-3">
          <Slider
            min={min}
            max={max}
            step={1}
            value={current}
            onValueChange={onChange}
            aria-labelledby={ids.labelId}
            aria-describedby={ids.describedBy}
            aria-valuetext={optionLabel(current, spec.meta.unit)}
          />
          <div className="flex shrink-0 items-center gap-1.5">
            <WholeNumberInput ids={ids} inputRef={inputRef} min={min} max={max} value={value} onChange={onChange} className="max-w-20" />
            {spec.meta.unit && (
              <span aria-hidden className="text-sm text-muted-foreground">
                {spec.meta.unit}
              </span>
            )}
          </div>
        </div>
      )}
    </FieldShell>
  );
}
