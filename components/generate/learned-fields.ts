// The form as this API takes it: what its 422s taught (lib/schemas/learned-values) narrows the choices the
// schema allows. A refused alpha resolution or reference role is no longer offered; a required epsilon-v6
// aspect ratio loses its "API default" and must be chosen. The fields here, applied by the server before it sends
// the forms; the schema the same way in check-request.ts (learnedObject), which checks a form in the browser.
import type { FieldSpec } from "@/lib/models/form";
import type { FormSpec } from "@/lib/models/form-specs";
import type { LearnedValues } from "@/lib/schemas/learned-values";

const ASPECT_RATIO_MODES = new Set(["text-to-video", "reference-to-video"]);
export const ASPECT_RATIO_REQUIRED = "This API requires an aspect ratio: choose one";

export interface Learned {
  /** Values of alpha's resolution this API refused. */
  refusedResolutions?: ReadonlySet<string>;
  /** This API requires epsilon-v6's aspect ratio in this mode. */
  requireAspect: boolean;
  /** Whether this API takes an epsilon-v6 reference role. */
  takesType?: (type: string) => boolean;
}

/** What was learned that applies to this model and mode. */
export function learnedFor({ model, mode }: { model: string; mode?: string }, learned: LearnedValues): Learned {
  if (model.startsWith("alpha-") && learned.alphaResolution.length > 0) {
    return { refusedResolutions: new Set(learned.alphaResolution), requireAspect: false };
  }
  if (model !== "epsilon-v6") return { requireAspect: false };
  const { refused, accepted } = learned.referenceType;
  return {
    requireAspect: learned.aspectRatioRequired && mode !== undefined && ASPECT_RATIO_MODES.has(mode),
    takesType: (type) => !refused.includes(type) && (accepted === null || accepted.includes(type)),
  };
}

/** The options left once the learned ones are applied; the schema's own when nothing would be left. */
function narrowed(options: readonly unknown[], keep: (option: string) => boolean): readonly unknown[] {
  const left = options.filter((option) => keep(String(option)));
  return left.length > 0 ? left : options;
}

function narrowChoice(field: FieldSpec, keep: (option: string) => boolean): FieldSpec {
  if (!field.options) return field;
  const options = narrowed(field.options, keep);
  // A default the API refused gives way to the first value it takes.
  const defaultValue = field.defaultValue === undefined || options.includes(field.defaultValue) ? field.defaultValue : options[0];
  return { ...field, options, defaultValue };
}

/** The fields the form shows, for this API. */
export function learnedFields(fields: readonly FieldSpec[], learned: Learned): FieldSpec[] {
  const { refusedResolutions, requireAspect, takesType } = learned;
  return fields.map((field) => {
    if (field.name === "resolution" && refusedResolutions) return narrowChoice(field, (value) => !refusedResolutions.has(value));
    if (field.name === "aspect_ratio" && requireAspect) return { ...field, required: true };
    if (field.name === "image_references" && field.items && takesType) {
      return { ...field, items: field.items.map((item) => (item.name === "type" ? narrowChoice(item, takesType) : item)) };
    }
    return field;
  });
}

/** Every form as this API takes it. */
export function learnedForms(forms: readonly FormSpec[], learned: LearnedValues): FormSpec[] {
  return forms.map((form) => ({ ...form, fields: learnedFields(form.fields, learnedFor(form, learned)) }));
}
