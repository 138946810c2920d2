"use client";

import { lazy, Suspense, useEffect, useRef, useState, type KeyboardEvent } from "react";
import type { FieldGroup } from "@/lib/models/fields";
import type { FieldSpec } from "@/lib/models/form";
import type { ModelMeta } from "@/lib/models/meta";
import { NOTHING_LEARNED, type LearnedValues } from "@/lib/schemas/learned-values";
import type { RecentCharge } from "@/lib/schemas/charges";
import type { SubmissionView } from "@/lib/schemas/views";
import { cn } from "@/lib/utils";
import { CostNote } from "./cost-note";
import { FieldControl } from "./field-control";
import { CompareLink } from "./compare-link";
import { FormFooter } from "./form-footer";
import { initialValues, type FormValues } from "./form-values";
import { ENDPOINT_FIELD, mentionSource, offersLegacy, RUNS_FIELD, type Submitted } from "./form-fields";
import { FormStore } from "./form-store";
import { FormStoreProvider } from "./use-form";
import { writeDraft } from "./session-store";
import { loadSendGeneration, useSubmitGeneration } from "./use-submit-generation";

// The endpoint's choice shows on alpha-2.3's form only: it loads with that form, or once someone starts on any.
export const loadEndpointField = () => import("./endpoint-field");
const EndpointField = lazy(() => loadEndpointField().then((module) => ({ default: module.EndpointField })));

const GROUPS: { group: FieldGroup; title?: string; grid?: boolean }[] = [
  { group: "basics" },
  { group: "inputs", title: "Inputs" },
  { group: "output", title: "Output", grid: true },
  { group: "advanced", title: "Advanced", grid: true },
];

interface GenerationFormProps {
  model: ModelMeta;
  mode?: string;
  /** The model's fields in this mode, as the server read them off its schema and what the API taught (learned-fields.ts). */
  fields: readonly FieldSpec[];
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
  model,
  mode,
  fields,
  sources,
  onSubmitted,
  onValues,
  refusal,
  learned = NOTHING_LEARNED,
  charges = NO_CHARGES,
  focusPrompt = false,
}: GenerationFormProps) {
  const [form] = useState(() => {
    const choice = { model: model.id, mode };
    const runs = sources.map((source) => source?.[RUNS_FIELD]).find((value) => typeof value === "number");
    const legacy = offersLegacy(model.id) && sources.some((source) => source?.[ENDPOINT_FIELD] === "legacy");
    const values = { ...initialValues(fields, ...sources), [RUNS_FIELD]: runs ?? 1, [ENDPOINT_FIELD]: legacy ? "legacy" : "v1" };
    // The schema and zod load when the form is first checked: none of it is on the page's first load.
    const store = new FormStore<Submitted>(values, (current) =>
      import("./check-request").then(({ checkRequest }) => checkRequest(current, { ...choice, fields, learned })),
    );
    return { store, mentionSource: mentionSource(fields) };
  });
  const { store } = form;
  const submit = useSubmitGeneration(store, fields, onSubmitted);

  useEffect(() => {
    const choice = { model: model.id, mode };
    let last = store.values;
    return store.subscribe(() => {
      if (store.values === last) return;
      last = store.values;
      writeDraft(choice, last);
      onValues?.(last);
    });
  }, [store, model.id, mode, onValues]);

  const formElement = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (!focusPrompt || !fields.some((field) => field.name === "prompt")) return;
    // Not on a touch screen: a phone would raise its keyboard over the form before anyone asked to type.
    if (matchMedia("(pointer: coarse)").matches) return;
    // In the next frame, whose layout it then shares: focusing lays the page out at once, and as the page
    // hydrated that made hydration's long task 15 ms longer (×4 on a phone, issue 28).
    const frame = requestAnimationFrame(() => store.focus("prompt"));
    return () => cancelAnimationFrame(frame);
    // Once, when the form first shows: focus must not jump back while someone works elsewhere on the page.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  useEffect(() => {
    const name = refusal?.field.split(".")[0];
    if (!refusal || !fields.some((field) => field.name === name)) return;
    store.setError(refusal.field, { message: refusal.message });
    // The form focuses whole fields only; a list row's control is found by the path it carries as its name.
    const row = formElement.current?.querySelector<HTMLElement>(`[name="${CSS.escape(refusal.field)}"]`);
    if (row) row.focus();
    else store.focus(name!);
  }, [refusal, store, fields]);

  const grouped = (group: FieldGroup) => fields.filter((field) => (field.meta.group ?? "basics") === group);
  return (
    <FormStoreProvider store={store}>
      <form
        ref={formElement}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void store.submit(submit);
        }}
        // Loads the form's check and its submit once someone starts on it (typing, or pressing anything), so the
        // first submit does not wait for them. Not on focus: the form focuses its prompt itself when it opens.
        onInputCapture={preloadCheck}
        onPointerDownCapture={preloadCheck}
        onKeyDown={onShortcut}
        aria-label={`${model.label} request`}
        className="@container grid gap-7"
      >
        {GROUPS.map(({ group, title, grid }) => (
          <FieldSection key={group} title={title} grid={grid} fields={grouped(group)} mentionSource={form.mentionSource} />
        ))}
        {offersLegacy(model.id) && (
          <Suspense fallback={<div aria-hidden className="h-24" />}>
            <EndpointField />
          </Suspense>
        )}
        <FormFooter note={<CostNote model={model.id} mode={mode} charges={charges} />} />
        <CompareLink model={model.id} mode={mode} fields={fields} />
      </form>
    </FormStoreProvider>
  );
}

const preloadCheck = () => void Promise.all([import("./check-request"), loadSendGeneration()]);

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
