// How the Generate form fills itself in from an entry link (components/shared/entry-links.ts).
import type { FieldSpec } from "@/lib/models/form";
import type { FormSpec } from "@/lib/models/form-specs";
import { resultOffers } from "@/lib/models/capabilities";
import { modelLabel } from "@/lib/models/labels";
import { getModelMeta } from "@/lib/models/meta";
import { taskPageHref, type TaskView } from "@/lib/schemas/views";
import { INPUT_URL_MISSING, type Entry, type InputRole } from "@/components/shared/entry-links";
import { taskName } from "@/components/shared/task-name";
import type { FormValues } from "./form-values";
import type { Choice } from "./session-store";

/** What the form was filled from, as a sentence whose middle names the task and links to its page. */
export interface EntryNotice {
  before: string;
  source: { name: string; href: string };
  after: string;
}

/** The notice as plain text (what a screen reader reads, and what tests compare). */
export const noticeText = ({ before, source, after }: EntryNotice) => `${before}${source.name}${after}`;

export type Prefill = { ok: true; choice: Choice; values: FormValues; notice: EntryNotice } | { ok: false; problem: string };

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

/** Where an image used as input lands: a form, and the field in it that takes the image. */
export type InputTarget = FormSpec & { field: FieldSpec };

/**
 * The form an image used as input lands on. A reference stays with images (the model the result came from
 * first, when it takes references): reworking an image must never start a video nobody asked for. A first
 * frame ("Animate") is the one action that goes to video, and the person chose it by name. A model the link
 * names wins when it takes the image in that role and is of that kind; otherwise the catalogue order decides.
 */
export function chooseInputTarget(
  role: InputRole,
  sourceModel: string,
  forms: readonly FormSpec[],
  requested?: string,
): InputTarget | undefined {
  const kind = role === "reference" ? "image" : "video";
  const targets = forms
    .filter((form) => getModelMeta(form.model)?.kind === kind)
    .flatMap((form) => form.fields.filter(TAKES[role]).map((field) => ({ ...form, field })));
  return (
    targets.find((candidate) => candidate.model === requested) ?? targets.find((candidate) => candidate.model === sourceModel) ?? targets[0]
  );
}

/** "Gamma 5 Pro" or "Epsilon v6 (Reference)": how the notice names the form it chose. */
function formName(target: FormSpec): string {
  const model = getModelMeta(target.model);
  const mode = model && "modes" in model ? model.modes.find((each) => each.value === target.mode)?.label : undefined;
  return `${model?.label ?? target.model}${mode ? ` (${mode})` : ""}`;
}

/** The form values an entry link asks for; an image used as input goes to chooseInputTarget's form. */
export function prefillFrom(entry: Entry, task: TaskView, forms: readonly FormSpec[]): Prefill {
  const model = getModelMeta(task.model);
  const name = taskName(task);
  const notice = (before: string, after: string): EntryNotice => ({ before, source: { name, href: taskPageHref(task) }, after });
  if (entry.kind === "remix") {
    if (!model || !task.params)
      return { ok: false, problem: `${capitalised(name)} cannot be remixed here: Darkroom does not know its model or parameters.` };
    const mode = typeof task.params.mode === "string" ? task.params.mode : undefined;
    return {
      ok: true,
      choice: { model: model.id, ...(mode ? { mode } : {}) },
      values: task.params,
      notice: notice("Remixing ", ": its exact parameters are filled in."),
    };
  }
  if (entry.kind === "extend") {
    // Only a model that extends continues its own videos (lib/models/capabilities.ts), in its extend mode.
    if (!resultOffers(task).extend)
      return { ok: false, problem: `${modelLabel(task.model)} ${task.kind === "video" ? "videos" : "images"} cannot be extended.` };
    if (task.status !== "succeeded") return { ok: false, problem: `${capitalised(name)} has not succeeded yet, so it cannot be extended.` };
    const target = { model: task.model, mode: "extend" };
    return {
      ok: true,
      choice: target,
      values: { parent_task_id: task.id },
      notice: notice("Extending ", ` with ${formName({ ...target, fields: [] })}.`),
    };
  }
  // A video's last frame, stored as an upload by "Use last frame" (POST /api/tasks/{id}/last-frame): the video's
  // own model takes no image in these roles the way an image model's does, so the catalogue order decides.
  const frame = entry.frame && task.kind === "video" ? entry.frame : undefined;
  if (task.kind !== "image" && !frame)
    return { ok: false, problem: `${capitalised(name)} is a video; use its last frame, or only images as a first frame or reference.` };
  const url = frame ?? task.results?.find((result) => result.index === entry.index)?.url;
  if (!url) return { ok: false, problem: INPUT_URL_MISSING };
  const target = chooseInputTarget(entry.role, frame ? "" : task.model, forms, entry.model);
  if (!target) return { ok: false, problem: "No model takes an image in that role." };
  const what = entry.role === "first-frame" ? "the first frame of a video" : `a ${target.field.meta.label.toLowerCase().replace(/s$/, "")}`;
  // "image 2 of" only where the task made several: its one image is the task itself.
  const which = frame ? "the last frame of " : (task.results?.length ?? 0) > 1 ? `image ${entry.index + 1} of ` : "";
  return {
    ok: true,
    choice: { model: target.model, ...(target.mode ? { mode: target.mode } : {}) },
    values: { [target.field.name]: inputValue(target.field, url) },
    notice: notice(`Using ${which}`, ` as ${what} in ${formName(target)}.`),
  };
}

/** A name that starts a sentence: “…” stays as it is, "a Gamma 5 Pro image" becomes "A Gamma 5 Pro image". */
const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
