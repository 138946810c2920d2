"use client";

import { Braces } from "lucide-react";
import { useId, useRef, useState } from "react";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Select } from "@/components/ui/select";
import { Textarea } from "@/components/ui/textarea";
import type { FieldSpec } from "@/lib/models/form";
import type { FormSpec } from "@/lib/models/form-specs";
import { MODEL_META, type ModelMeta } from "@/lib/models/meta";
import { insertPlaceholder } from "./local-source";

const MODELS: readonly ModelMeta[] = MODEL_META;

export interface RecipeState {
  model: string;
  mode: string | undefined;
  /** Each field's text: a fixed value, or a template with {{column}} placeholders; empty leaves the field out. */
  fields: Record<string, string>;
  /** The column naming each row; empty for the row's number (or, for variations, its choices). */
  key: string;
}

/** What a field takes, in a line under it. */
function fieldHelp(field: FieldSpec): string {
  const widget = field.meta.widget;
  if (field.options && field.options.length > 0) return `One of ${field.options.join(", ")}.`;
  if (widget === "switch") return "yes or no (also true/false, 1/0).";
  if (widget === "number" || widget === "slider") {
    const range = field.min !== undefined && field.max !== undefined ? ` from ${field.min} to ${field.max}` : "";
    return `A number${range}.`;
  }
  if (widget === "url") return "A public HTTPS link, or the name of an image uploaded below.";
  if (widget === "url-list") return "Links or names of images uploaded below, separated by spaces or |.";
  if (widget === "image-references") return "A JSON lines column holding the list of references, as {{column}}.";
  if (widget === "prompt") return "Text; {{column}} is replaced by the row's cell.";
  return "Text, fixed or with {{column}} placeholders.";
}

const defaultWords = (field: FieldSpec) =>
  field.defaultValue === undefined ? (field.required ? "Required" : "Left out when empty") : `Default: ${String(field.defaultValue)}`;

interface RecipeFieldsProps {
  forms: readonly FormSpec[];
  columns: readonly string[];
  /** The key's default in words (row numbers, or the variation's choices). */
  keyDefault: string;
  value: RecipeState;
  onChange: (next: RecipeState) => void;
  errors?: Record<string, string>;
}

/** The model and mode pickers, then one text box per field of that form, with the file's columns as chips. */
export function RecipeFields({ forms, columns, keyDefault, value, onChange, errors = {} }: RecipeFieldsProps) {
  const id = useId();
  const meta = MODELS.find((model) => model.id === value.model);
  const form = forms.find((f) => f.model === value.model && f.mode === value.mode);
  const inputs = useRef(new Map<string, HTMLInputElement | HTMLTextAreaElement>());
  // Where a chip inserts: the field last focused (the prompt until another one is).
  const [target, setTarget] = useState("prompt");
  const targetField = form?.fields.find((f) => f.name === target) ?? form?.fields[0];

  const setField = (name: string, text: string) => onChange({ ...value, fields: { ...value.fields, [name]: text } });

  function chooseModel(model: string, mode?: string) {
    const nextMeta = MODELS.find((m) => m.id === model);
    const nextMode = mode ?? nextMeta?.modes?.[0]?.value;
    const next = forms.find((f) => f.model === model && f.mode === nextMode);
    // Fields the new form also has keep their text (the prompt's template above all).
    const kept = Object.fromEntries(Object.entries(value.fields).filter(([name]) => next?.fields.some((f) => f.name === name)));
    onChange({ ...value, model, mode: nextMode, fields: kept });
  }

  function insert(column: string) {
    if (!targetField) return;
    const input = inputs.current.get(targetField.name);
    const current = value.fields[targetField.name] ?? "";
    const { text, caret } = insertPlaceholder(
      current,
      column,
      input?.selectionStart ?? current.length,
      input?.selectionEnd ?? current.length,
    );
    setField(targetField.name, text);
    requestAnimationFrame(() => {
      input?.focus();
      input?.setSelectionRange(caret, caret);
    });
  }

  const remember = (name: string, element: HTMLInputElement | HTMLTextAreaElement | null) => {
    if (element) inputs.current.set(name, element);
    else inputs.current.delete(name);
  };
  const control = (field: FieldSpec) => ({
    value: value.fields[field.name] ?? "",
    onChange: (event: { target: { value: string } }) => setField(field.name, event.target.value),
    onFocus: () => setTarget(field.name),
    placeholder: defaultWords(field),
    spellCheck: field.meta.widget === "prompt",
    autoComplete: "off",
    className: "font-mono",
  });

  return (
    <div className="grid gap-5">
      <div className={meta?.modes ? "grid gap-4 sm:grid-cols-2" : "grid gap-4"}>
        <FormField label="Model" error={errors.model}>
          <Select value={value.model} onChange={(event) => chooseModel(event.target.value)}>
            {MODELS.map((model) => (
              <option key={model.id} value={model.id}>
                {model.label} ({model.kind})
              </option>
            ))}
          </Select>
        </FormField>
        {meta?.modes && (
          <FormField label="Mode" error={errors.mode} description={meta.modes.find((m) => m.value === value.mode)?.description}>
            <Select value={value.mode} onChange={(event) => chooseModel(value.model, event.target.value)}>
              {meta.modes.map((mode) => (
                <option key={mode.value} value={mode.value}>
                  {mode.label}
                </option>
              ))}
            </Select>
          </FormField>
        )}
      </div>

      {columns.length > 0 && targetField && (
        <div className="grid gap-2 rounded-lg border bg-muted/40 p-3">
          <p id={`${id}-chips`} className="text-sm">
            <span className="font-medium">Columns</span>{" "}
            <span className="text-muted-foreground">
              · a click inserts the column into <span className="font-medium text-foreground">{targetField.meta.label}</span>
            </span>
          </p>
          <ul aria-labelledby={`${id}-chips`} className="flex flex-wrap gap-1.5">
            {columns.map((column) => (
              <li key={column} className="min-w-0">
                <button
                  type="button"
                  onClick={() => insert(column)}
                  aria-label={`Insert {{${column}}} into ${targetField.meta.label}`}
                  className="inline-flex max-w-full min-w-0 cursor-pointer items-center gap-1 rounded-full border border-primary/30 bg-card px-2.5 py-0.5 font-mono text-xs text-primary hover:bg-primary/10 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
                >
                  <Braces aria-hidden className="size-3 shrink-0" />
                  <span className="truncate">{column}</span>
                </button>
              </li>
            ))}
          </ul>
        </div>
      )}

      <div className="grid gap-4">
        {form?.fields.map((field) => (
          <FormField
            key={field.name}
            label={
              <>
                {field.meta.label}
                {field.required && <span className="text-muted-foreground"> (required)</span>}
              </>
            }
            description={fieldHelp(field)}
            error={errors[field.name]}
          >
            {field.meta.widget === "prompt" ? (
              <Textarea ref={(element) => remember(field.name, element)} rows={2} {...control(field)} />
            ) : (
              <Input ref={(element) => remember(field.name, element)} {...control(field)} />
            )}
          </FormField>
        ))}
      </div>

      <div className="grid gap-2">
        <Label htmlFor={`${id}-key`}>Key column</Label>
        <Select
          id={`${id}-key`}
          value={value.key}
          onChange={(event) => onChange({ ...value, key: event.target.value })}
          aria-describedby={`${id}-key-help`}
        >
          <option value="">None: {keyDefault}</option>
          {columns.map((column) => (
            <option key={column} value={column}>
              {column}
            </option>
          ))}
        </Select>
        <p id={`${id}-key-help`} className="text-xs text-muted-foreground">
          Names each row in the results and the ZIP (like a custom_id): each row needs its own.
        </p>
      </div>
    </div>
  );
}
