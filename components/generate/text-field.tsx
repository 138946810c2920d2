"use client";

import { Input } from "@/components/ui/input";
import type { ControlProps } from "./control-props";
import { FieldShell } from "./field-shell";

/** A plain one-line text field (a task id, a reference name). */
export function TextField({ spec, value, onChange, error, label, inputRef, className, name }: ControlProps) {
  return (
    <FieldShell className={className} label={label ?? spec.meta.label} help={spec.meta.help} error={error} optional={!spec.required}>
      {(ids) => (
        <Input
          id={ids.id}
          name={name}
          ref={inputRef as never}
          autoComplete="off"
          spellCheck={false}
          value={typeof value === "string" ? value : ""}
          onChange={(event) => onChange(event.target.value)}
          aria-describedby={ids.describedBy}
          aria-invalid={ids.invalid}
        />
      )}
    </FieldShell>
  );
}
