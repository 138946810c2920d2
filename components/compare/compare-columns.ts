// The Compare form's columns: one per model, each with its settings in a form store of its own, drawn from the
// model's field specs (read off its zod schema on the server, as the Generate page's are) and checked by the
// same check as the Generate form (components/generate/check-request.ts, loaded on the first submit).
import type { FieldSpec } from "@/lib/models/form";
import type { FormSpec } from "@/lib/models/form-specs";
import { MODEL_META, type ModelMeta } from "@/lib/models/meta";
import type { LearnedValues } from "@/lib/schemas/learned-values";
import { RUNS_FIELD, type Submitted } from "@/components/generate/form-fields";
import { FormStore } from "@/components/generate/form-store";
import { initialValues, toRequest, type FormValues } from "@/components/generate/form-values";

/** What the workspace's "Compare" hands over: its prompt, and its model with the settings chosen there. */
export interface CompareSeed {
  prompt?: string;
  model?: string;
  settings?: Record<string, unknown>;
}

export interface CompareColumn {
  model: ModelMeta;
  /** The mode it runs in: the seed's, else the first (text-to-video), since a comparison shares only a prompt. */
  mode?: string;
  /** Every field of the model's form in that mode; the prompt among them is the comparison's. */
  fields: readonly FieldSpec[];
  /** What its settings editor draws: the choices, and inputs only where the seed brought one or the mode needs one. */
  shown: readonly FieldSpec[];
  /** Its settings came from the workspace. */
  fromGenerate: boolean;
  store: FormStore<Submitted>;
}

const hasValue = (value: unknown) => value !== undefined && value !== "" && !(Array.isArray(value) && value.length === 0);

/**
 * What a column's editor draws: every choice but one with a single value (gamma-5-pro's one image: nothing to
 * choose), and an input only when the mode requires it or the workspace's settings brought one.
 */
function editorFields(fields: readonly FieldSpec[], values: FormValues): FieldSpec[] {
  return fields.filter(
    (field) =>
      field.meta.widget !== "prompt" &&
      field.options?.length !== 1 &&
      ((field.meta.group ?? "basics") !== "inputs" || field.required || hasValue(values[field.name])),
  );
}

/**
 * The models a comparison offers, each once: those that take a prompt alone, and the workspace's model (which may
 * need an input it brings along). The workspace's choice is not another entry beside its model (which showed
 * Gamma 5 Pro twice, issue 45): it is that model's entry, first and chosen, starting from the workspace's settings.
 */
export function compareColumns({
  seed,
  forms,
  learned,
}: {
  seed: CompareSeed;
  forms: readonly FormSpec[];
  learned: LearnedValues;
}): CompareColumn[] {
  const seeded = MODEL_META.find((model) => model.id === seed.model);
  const models: ModelMeta[] = [...(seeded ? [seeded] : []), ...MODEL_META.filter((model) => model.promptOnly && model !== seeded)];
  return models.flatMap((model) => {
    const fromGenerate = model === seeded;
    const settings = fromGenerate ? (seed.settings ?? {}) : {};
    const first = model.modes?.[0]?.value;
    const wanted = typeof settings.mode === "string" ? settings.mode : first;
    // A mode the forms do not have (a link edited by hand) gives way to the first: the model is still offered.
    const form =
      forms.find((each) => each.model === model.id && each.mode === wanted) ??
      forms.find((each) => each.model === model.id && each.mode === first);
    if (!form) return [];
    const mode = form.mode;
    const values = { ...initialValues(form.fields, settings, { prompt: seed.prompt ?? "" }), [RUNS_FIELD]: 1 };
    const fields = form.fields;
    const store = new FormStore<Submitted>(values, (current) =>
      import("@/components/generate/check-request").then(({ checkRequest }) =>
        checkRequest(current, { model: model.id, mode, fields, learned }),
      ),
    );
    return [{ model, mode, fields, shown: editorFields(fields, values), fromGenerate, store }];
  });
}

/** The column's settings as POST /api/comparisons takes them: its request without the prompt, which is the comparison's. */
export function columnSettings(column: CompareColumn): Record<string, unknown> {
  const settingsFields = column.fields.filter((field) => field.meta.widget !== "prompt");
  return toRequest(column.store.values, settingsFields, column.mode ? { mode: column.mode } : {});
}
