"use client";

import { useId } from "react";
import { FieldError } from "@/components/ui/form-field";
import { Switch } from "@/components/ui/switch";
import type { ControlProps } from "./control-props";

// Loaded with the first form that has a switch (widget-map.ts): the form a fresh page opens on has none.
/** A switch with its label and help beside it, the way settings rows read. */
export function SwitchField({ spec, value, onChange, error, label, inputRef }: ControlProps) {
  const id = useId();
  const describedBy = [spec.meta.help && `${id}-help`, error && `${id}-error`].filter(Boolean).join(" ") || undefined;
  return (
    <div className="flex items-start justify-between gap-4 rounded-lg border p-3">
      <div className="grid gap-1.5">
        <label htmlFor={id} className="text-sm leading-none font-medium">
          {label ?? spec.meta.label}
        </label>
        {spec.meta.help && (
          <p id={`${id}-help`} className="text-xs text-muted-foreground">
            {spec.meta.help}
          </p>
        )}
        {error && <FieldError id={`${id}-error`}>{error}</FieldError>}
      </div>
      <Switch
        id={id}
        ref={inputRef as never}
        checked={value === true}
        onCheckedChange={onChange}
        aria-describedby={describedBy}
        aria-invalid={error ? true : undefined}
      />
    </div>
  );
}
