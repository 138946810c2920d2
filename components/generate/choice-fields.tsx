"use client";

import { Segmented } from "@/components/ui/segmented";
import { Select } from "@/components/ui/select";
import { optionLabel, type ControlProps } from "./control-props";
import { FieldShell } from "./field-shell";

// Choices carry numbers or strings; the DOM only strings. Map back through the schema's own options.
const toOption = (options: readonly unknown[], text: string) => options.find((option) => String(option) === text);

// An optional choice without a default in the spec is sent only when picked: "API default" sends nothing.
const API_DEFAULT = { value: "", label: "API default" };
const leavesToApi = (spec: ControlProps["spec"]) => !spec.required && spec.defaultValue === undefined;

export function SegmentedField({ spec, value, onChange, error, label, inputRef, className }: ControlProps) {
  const options = [
    ...(leavesToApi(spec) ? [API_DEFAULT] : []),
    ...(spec.options ?? []).map((option) => ({ value: String(option), label: optionLabel(option, spec.meta.unit) })),
  ];
  return (
    <FieldShell className={className} kind="group" label={label ?? spec.meta.label} help={spec.meta.help} error={error}>
      {(ids) => (
        <Segmented
          ref={inputRef as never}
          options={options}
          value={value === undefined ? "" : String(value)}
          onValueChange={(text) => onChange(toOption(spec.options ?? [], text))}
          aria-labelledby={ids.labelId}
          aria-describedby={ids.describedBy}
          aria-invalid={ids.invalid}
        />
      )}
    </FieldShell>
  );
}

export function SelectField({ spec, value, onChange, error, label, inputRef, className }: ControlProps) {
  return (
    <FieldShell className={className} label={label ?? spec.meta.label} help={spec.meta.help} error={error}>
      {(ids) => (
        <Select
          id={ids.id}
          ref={inputRef as never}
          value={value === undefined ? "" : String(value)}
          onChange={(event) => onChange(toOption(spec.options ?? [], event.target.value))}
          aria-describedby={ids.describedBy}
          aria-invalid={ids.invalid}
        >
          {(value === undefined || leavesToApi(spec)) && <option value="">{leavesToApi(spec) ? API_DEFAULT.label : "Choose…"}</option>}
          {(spec.options ?? []).map((option) => (
            <option key={String(option)} value={String(option)}>
              {optionLabel(option, spec.meta.unit)}
            </option>
          ))}
        </Select>
      )}
    </FieldShell>
  );
}
