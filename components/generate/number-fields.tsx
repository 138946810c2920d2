"use client";

import { Input } from "@/components/ui/input";
import { optionLabel, type ControlProps } from "./control-props";
import { FieldShell } from "./field-shell";

/** The number in an <input type=number>: empty means absent, so an optional field can be cleared. */
const fromInput = (input: HTMLInputElement) => (input.value === "" ? undefined : input.valueAsNumber);
const toInput = (value: unknown) => (typeof value === "number" && !Number.isNaN(value) ? value : "");

export function NumberField({ spec, value, onChange, error, label, inputRef, className }: ControlProps) {
  // A number with one legal value is a fact about the model, not a choice: show it, do not ask it.
  if (spec.options?.length === 1) return <FixedField spec={spec} value={spec.options[0]} label={label} className={className} />;
  return (
    <FieldShell
      className={className}
      label={label ?? spec.meta.label}
      help={spec.meta.help}
      error={error}
      optional={!spec.required && spec.defaultValue === undefined}
    >
      {(ids) => (
        <WholeNumberInput
          ids={ids}
          inputRef={inputRef}
          min={spec.min}
          max={spec.max}
          value={value}
          onChange={onChange}
          className="sm:max-w-48"
        />
      )}
    </FieldShell>
  );
}

function FixedField({ spec, value, label, className }: { spec: ControlProps["spec"]; value: unknown; label?: string; className?: string }) {
  return (
    <FieldShell className={className} kind="group" label={label ?? spec.meta.label} help={spec.meta.help}>
      {() => <p className="text-sm font-medium tabular-nums">{optionLabel(value, spec.meta.unit)}</p>}
    </FieldShell>
  );
}

/** A whole-number box wired to its field shell; the slider field (slider-field.tsx) and the plain number field both use it. */
export function WholeNumberInput({
  ids,
  inputRef,
  min,
  max,
  value,
  onChange,
  className,
}: {
  ids: { id: string; describedBy?: string; invalid?: boolean };
  inputRef: ControlProps["inputRef"];
  min?: number;
  max?: number;
  value: unknown;
  onChange: ControlProps["onChange"];
  className: string;
}) {
  return (
    <Input
      id={ids.id}
      ref={inputRef as never}
      type="number"
      inputMode="numeric"
      min={min}
      max={max}
      step={1}
      value={toInput(value)}
      onChange={(event) => onChange(fromInput(event.target))}
      aria-describedby={ids.describedBy}
      aria-invalid={ids.invalid}
      className={`tabular-nums ${className}`}
    />
  );
}
