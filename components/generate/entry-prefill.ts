// How the Generate form fills itself in from an entry link (components/shared/entry-links.ts).
import type { FieldSpec } from "@/lib/models/form";
import type { FormSpec } from "@/lib/models/form-specs";
import { getModelMeta } from "@/lib/models/meta";
import type { TaskView } from "@/lib/schemas/views";
import { INPUT_URL_MISSING, type Entry, type InputRole } from "@/components/shared/entry-links";
import type { FormValues } from "./form-values";
import type { Choice } from "./session-store";

export type Prefill = { ok: true; choice: Choice; values: FormValues; notice: string } | { ok: false; problem: string };

// Which field takes an image in each role, told by its metadata, so a new model's schema joins in by itself.
const TAKES: Record<InputRole, (field: FieldSpec) => boolean> = {
  "first-frame": (field) => field.meta.widget === "url" && field.meta.label === "First frame",
  reference: (field) =>
    field.meta.widget === "image-references" || (field.meta.widget === "url-list" && field.meta.label === "Reference images"),
};

function inputValue(field: FieldSpec, url: string): unknown {
  if (field.meta.widget === "url") return url;
  if (field.meta.widget === "url-list") return [url];
  const typeField = field.items?.find((item) => item.options?.includes("subject"));
  return [{ image_url: url, ...(typeField ? { [typeField.name]: "subject" } : {}) }];
}

/** The form values an entry link asks for; an image used as input goes to the first form (in catalogue order) that takes it. */
export function prefillFrom(entry: Entry, task: TaskView, forms: readonly FormSpec[]): Prefill {
  const model = getModelMeta(task.model);
  if (entry.kind === "remix") {
    if (!model || !task.params)
      return { ok: false, problem: `Task ${task.id} cannot be remixed here: Darkroom does not know its model or parameters.` };
    const mode = typeof task.params.mode === "string" ? task.params.mode : undefined;
    return {
      ok: true,
      choice: { model: model.id, ...(mode ? { mode } : {}) },
      values: task.params,
      notice: `Remixing task ${task.id}: its exact parameters are filled in.`,
    };
  }
  if (entry.kind === "extend") {
    if (task.model !== "epsilon-v6")
      return { ok: false, problem: `Only epsilon-v6 videos can be extended; task ${task.id} is ${task.model}.` };
    if (task.status !== "succeeded") return { ok: false, problem: `Task ${task.id} has not succeeded yet, so it cannot be extended.` };
    return {
      ok: true,
      choice: { model: "epsilon-v6", mode: "extend" },
      values: { parent_task_id: task.id },
      notice: `Extending task ${task.id}.`,
    };
  }
  if (task.kind !== "image")
    return { ok: false, problem: `Task ${task.id} made a video; only images can be used as a first frame or reference.` };
  const url = task.results?.find((result) => result.index === entry.index)?.url;
  if (!url) return { ok: false, problem: INPUT_URL_MISSING };
  const targets = forms.flatMap((form) => form.fields.filter(TAKES[entry.role]).map((field) => ({ ...form, field })));
  const target = targets.find((candidate) => candidate.model === entry.model) ?? targets[0];
  if (!target) return { ok: false, problem: "No model takes an image in that role." };
  const what = entry.role === "first-frame" ? "first frame" : "reference";
  return {
    ok: true,
    choice: { model: target.model, ...(target.mode ? { mode: target.mode } : {}) },
    values: { [target.field.name]: inputValue(target.field, url) },
    notice: `Using image ${entry.index + 1} of task ${task.id} as the ${what}.`,
  };
}
