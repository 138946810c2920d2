"use client";

import { X } from "lucide-react";
import { Button } from "@/components/ui/button";
import { AddRow } from "./add-row";
import type { ControlProps } from "./control-props";
import { errorAt } from "./error-tree";
import { FieldShell } from "./field-shell";
import { initialValues, type FormValues } from "./form-values";
import { rowBounds } from "./url-list-field";
import { useRowFocus } from "./use-row-focus";
import { SCALAR_WIDGETS } from "./widget-map";

/** Image references: a repeatable group of the item's own fields (image, role, name), within bounds. */
export function ReferencesField({ spec, value, onChange, error, errors, label }: ControlProps) {
  const rows = Array.isArray(value) ? (value as FormValues[]) : [];
  const items = spec.items ?? [];
  const { min, max } = rowBounds(spec);
  const name = label ?? spec.meta.label;
  const focus = useRowFocus();
  const set = (index: number, field: string, next: unknown) =>
    onChange(rows.map((row, i) => (i === index ? { ...row, [field]: next } : row)));

  return (
    <FieldShell kind="group" label={name} help={spec.meta.help} error={error}>
      {() => (
        <div className="grid gap-3">
          {rows.map((row, index) => (
            // The legend must be the fieldset's first child to name it; floats put the Remove button beside it.
            <fieldset key={index} className="rounded-lg border p-3 sm:p-4">
              <legend className="float-left pt-1.5 text-sm font-medium">Reference {index + 1}</legend>
              <Button
                variant="ghost"
                size="sm"
                className="float-right"
                disabled={rows.length <= min}
                onClick={() => onChange(rows.filter((_, i) => i !== index))}
              >
                <X aria-hidden />
                Remove<span className="sr-only"> reference {index + 1}</span>
              </Button>
              <div className="clear-both grid gap-3 pt-3 sm:grid-cols-2">
                {items.map((item, itemIndex) => {
                  const Widget = SCALAR_WIDGETS[item.meta.widget];
                  if (!Widget) return null;
                  return (
                    <Widget
                      key={item.name}
                      spec={item}
                      name={`${spec.name}.${index}.${item.name}`}
                      value={row[item.name]}
                      onChange={(next) => set(index, item.name, next)}
                      error={errorAt(errors, index, item.name)}
                      inputRef={itemIndex === 0 ? focus.refFor(index) : undefined}
                      className={item.meta.widget === "url" ? "sm:col-span-2" : undefined}
                    />
                  );
                })}
              </div>
            </fieldset>
          ))}
          <AddRow
            label="Add reference"
            count={rows.length}
            max={max}
            onAdd={() => {
              focus.willAdd(rows.length);
              onChange([...rows, initialValues(items)]);
            }}
          />
        </div>
      )}
    </FieldShell>
  );
}
