"use client";

import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from "react";
import { FormProvider, useForm } from "react-hook-form";
import { FormError } from "@/components/ui/form-field";
import type { CatalogueEntry } from "@/lib/models/catalogue";
import type { FieldGroup } from "@/lib/models/fields";
import { NOTHING_LEARNED, type LearnedValues } from "@/lib/schemas/learned-values";
import type { RecentCharge } from "@/lib/schemas/charges";
import type { SubmissionView } from "@/lib/schemas/views";
import { cn } from "@/lib/utils";
import { CostNote } from "./cost-note";
import { EndpointField, offersLegacy } from "./endpoint-field";
import { FieldControl } from "./field-control";
import { fieldSpecs, modelObject, type FieldSpec } from "./field-specs";
import { withLearned } from "./learned-fields";
import { FormFooter } from "./form-footer";
import { initialValues, type FormValues } from "./form-values";
import { ENDPOINT_FIELD, mentionSource, requestResolver, RUNS_FIELD, type Submitted } from "./request-resolver";
import { writeDraft } from "./session-store";
import { useSubmitGeneration } from "./use-submit-generation";

const GROUPS: { group: FieldGroup; title?: string; grid?: boolean }[] = [
  { group: "basics" },
  { group: "inputs", title: "Inputs" },
  { group: "output", title: "Output", grid: true },
  { group: "advanced", title: "Advanced", grid: true },
];

interface GenerationFormProps {
  entry: CatalogueEntry;
  mode?: string;
  /** Where the starting values come from, first match wins: a prefill, the tab's draft, a carried-over prompt. */
  sources: (FormValues | undefined)[];
  onSubmitted: (submissions: SubmissionView[]) => void;
  /** Told every change, so the page can carry the prompt over to another model. */
  onValues?: (values: FormValues) => void;
  /** A field the generation service refused after the submit, to show on its control. */
  refusal?: FieldRefusal;
  /** What this API's 422s taught about values the spec leaves open: the form offers only what it takes. */
  learned?: LearnedValues;
  /** What the team's recent tasks were charged, to say what this request cost before. */
  charges?: readonly RecentCharge[];
  /** Puts the cursor in the prompt once shown (the page's first form, not one reached by changing model). */
  focusPrompt?: boolean;
}

export interface FieldRefusal {
  /** Dotted, as the API names it: "image_urls.1". */
  field: string;
  message: string;
}

// Enter in a one-line field would submit the form, and a submit spends credits: only Ctrl/Cmd+Enter does.
function onShortcut(event: KeyboardEvent<HTMLFormElement>) {
  if (event.key !== "Enter" || event.nativeEvent.isComposing) return;
  if (event.ctrlKey || event.metaKey) {
    event.preventDefault();
    event.currentTarget.requestSubmit();
  } else if (event.target instanceof HTMLInputElement) {
    event.preventDefault();
  }
}

/** The request form of one model in one mode, drawn entirely from its schema and field metadata. */
export function GenerationForm({
  entry,
  mode,
  sources,
  onSubmitted,
  onValues,
  refusal,
  learned = NOTHING_LEARNED,
  charges = NO_CHARGES,
  focusPrompt = false,
}: GenerationFormProps) {
  const layout = useMemo(() => {
    const schema = modelObject(entry, mode);
    const { object, fields } = withLearned(schema, fieldSpecs(schema), { model: entry.id, mode }, learned);
    const fixed = { model: entry.id, ...(mode ? { mode } : {}) };
    return { fields, resolver: requestResolver({ object, fields, fixed }), mentionSource: mentionSource(fields) };
  }, [entry, mode, learned]);
  const [defaultValues] = useState(() => {
    const runs = sources.map((source) => source?.[RUNS_FIELD]).find((value) => typeof value === "number");
    const legacy = offersLegacy(entry.id) && sources.some((source) => source?.[ENDPOINT_FIELD] === "legacy");
    return { ...initialValues(layout.fields, ...sources), [RUNS_FIELD]: runs ?? 1, [ENDPOINT_FIELD]: legacy ? "legacy" : "v1" };
  });
  // Checked on submit, then again as fields change: checking on blur would move the button under a click.
  const form = useForm<FormValues, unknown, Submitted>({ resolver: layout.resolver, defaultValues });
  const submit = useSubmitGeneration(form, layout.fields, onSubmitted);

  useEffect(() => {
    const choice = { model: entry.id, mode };
    return form.subscribe({
      formState: { values: true },
      callback: ({ values }) => {
        writeDraft(choice, values);
        onValues?.(values);
      },
    });
  }, [form, entry.id, mode, onValues]);

  const formElement = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (focusPrompt && layout.fields.some((field) => field.name === "prompt")) form.setFocus("prompt");
    // Once, when the form first shows: focus must not jump back while someone works elsewhere on the page.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  useEffect(() => {
    const name = refusal?.field.split(".")[0];
    if (!refusal || !layout.fields.some((field) => field.name === name)) return;
    form.setError(refusal.field, { type: "server", message: refusal.message });
    // The form focuses whole fields only; a list row's control is found by the path it carries as its name.
    const row = formElement.current?.querySelector<HTMLElement>(`[name="${CSS.escape(refusal.field)}"]`);
    if (row) row.focus();
    else form.setFocus(refusal.field);
  }, [refusal, form, layout.fields]);

  const grouped = (group: FieldGroup) => layout.fields.filter((field) => (field.meta.group ?? "basics") === group);
  return (
    <FormProvider {...form}>
      <form
        ref={formElement}
        noValidate
        onSubmit={form.handleSubmit(submit)}
        onKeyDown={onShortcut}
        aria-label={`${entry.label} request`}
        className="@container grid gap-7"
      >
        <FormError message={form.formState.errors.root?.server?.message} />
        {GROUPS.map(({ group, title, grid }) => (
          <FieldSection key={group} title={title} grid={grid} fields={grouped(group)} mentionSource={layout.mentionSource} />
        ))}
        {offersLegacy(entry.id) && <EndpointField />}
        <FormFooter pending={form.formState.isSubmitting} note={<CostNote model={entry.id} mode={mode} charges={charges} />} />
      </form>
    </FormProvider>
  );
}

const NO_CHARGES: readonly RecentCharge[] = [];
function FieldSection({
  title,
  grid,
  fields,
  mentionSource,
}: {
  title?: string;
  grid?: boolean;
  fields: FieldSpec[];
  mentionSource?: FieldSpec;
}) {
  if (fields.length === 0) return null;
  // Switches sit in their own bordered rows; in a two-column grid they pair up, other fields take one cell each.
  // Two columns only where the form itself is wide enough (it sits in a narrow column beside the results).
  const body = (
    <div className={cn("grid gap-5", grid && "@lg:grid-cols-2 @lg:gap-x-6")}>
      {fields.map((field) => (
        <FieldControl key={field.name} spec={field} mentionSource={mentionSource} />
      ))}
    </div>
  );
  if (!title) return body;
  return (
    <section aria-label={title} className="grid gap-4">
      <h3 className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">{title}</h3>
      {body}
    </section>
  );
}
