"use client";

import { X } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { FieldError } from "@/components/ui/form-field";
import { AddRow } from "./add-row";
import type { ControlProps } from "./control-props";
import { errorAt } from "./error-tree";
import { FieldShell } from "./field-shell";
import { ImageDropZone, isImageInput } from "./image-drop-zone";
import { UrlInput } from "./url-field";
import { useRowFocus } from "./use-row-focus";

/** How many rows a list may have: a required list keeps at least one row to type in. */
export function rowBounds(spec: ControlProps["spec"]): { min: number; max: number } {
  return { min: spec.required ? Math.max(1, spec.minLength ?? 1) : 0, max: spec.maxLength ?? Number.POSITIVE_INFINITY };
}

/** A list of URLs: one row each, added and removed within the schema's bounds. */
export function UrlListField({ spec, value, onChange, error, errors, label, inputRef, className }: ControlProps) {
  const images = isImageInput(spec.name);
  const given = Array.isArray(value) ? (value as string[]) : [];
  // An empty list of images still shows one row, so Upload, paste and drop are there from the first render
  // (not behind "Add URL"); the row joins the value only once it holds something.
  const rows = images && given.length === 0 ? [""] : given;
  const { min, max } = rowBounds(spec);
  const name = label ?? spec.meta.label;
  const focus = useRowFocus();
  // An upload finishes after other edits may have happened: it changes its row in the latest list.
  const latest = useRef(rows);
  useEffect(() => {
    latest.current = rows;
  });
  const set = (index: number, url: string) => onChange(latest.current.map((row, i) => (i === index ? url : row)));
  const count = given.length;
  const [uploadErrors, setUploadErrors] = useState<Record<number, string | null>>({});

  return (
    <FieldShell className={className} kind="group" label={name} help={spec.meta.help} error={error} optional={!spec.required}>
      {(ids) => (
        <div role="group" aria-labelledby={ids.labelId} aria-describedby={ids.describedBy} className="grid gap-2">
          {rows.length > 0 && (
            <ul className="grid gap-2">
              {rows.map((row, index) => {
                const rowError = uploadErrors[index] ?? errorAt(errors, index);
                const errorId = `${ids.id}-row-${index}-error`;
                const rowLabel = `${name} ${index + 1}`;
                const input = (preview: boolean) => (
                  <UrlInput
                    ref={(element) => {
                      focus.refFor(index)(element);
                      if (index === 0 && typeof inputRef === "function") inputRef(element);
                    }}
                    preview={preview}
                    name={`${spec.name}.${index}`}
                    value={row}
                    onChange={(event) => {
                      setUploadErrors((all) => ({ ...all, [index]: null }));
                      set(index, event.target.value);
                    }}
                    aria-label={rowLabel}
                    aria-describedby={rowError ? errorId : undefined}
                    aria-invalid={rowError ? true : undefined}
                  />
                );
                return (
                  <li key={index} className="grid gap-1.5">
                    <div className="flex items-start gap-2">
                      {images ? (
                        <ImageDropZone
                          clearable={false}
                          value={row}
                          onChange={(url) => set(index, url)}
                          label={rowLabel}
                          onError={(message) => setUploadErrors((all) => ({ ...all, [index]: message }))}
                        >
                          {(uploaded) => input(!uploaded)}
                        </ImageDropZone>
                      ) : (
                        input(true)
                      )}
                      {/* The row's one remove control: it takes the row away, or, where the list may not be
                          shorter, empties it (an uploaded image included, whose own × is left out here). */}
                      <Button
                        variant="ghost"
                        size="icon"
                        aria-label={`Remove ${name.toLowerCase()} ${index + 1}`}
                        disabled={count <= min && row === ""}
                        onClick={() => {
                          if (count <= min) {
                            setUploadErrors((all) => ({ ...all, [index]: null }));
                            return set(index, "");
                          }
                          setUploadErrors({}); // rows after this one move up: their messages would name the wrong row
                          onChange(rows.filter((_, i) => i !== index));
                        }}
                      >
                        <X aria-hidden />
                      </Button>
                    </div>
                    {rowError && <FieldError id={errorId}>{rowError}</FieldError>}
                  </li>
                );
              })}
            </ul>
          )}
          <AddRow
            label="Add URL"
            count={count}
            max={max}
            onAdd={() => {
              // From the value, not the rows shown: on an empty list this takes the cursor to the row already there.
              focus.willAdd(given.length);
              onChange([...given, ""]);
            }}
          />
        </div>
      )}
    </FieldShell>
  );
}
