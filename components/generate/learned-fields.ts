// The form as this API takes it: what its 422s taught (lib/schemas/learned-values) narrows the choices the
// schema allows. A refused alpha resolution or reference role is no longer offered; a required epsilon-v6
// aspect ratio loses its "API default" and must be chosen.
import { z } from "zod";
import type { LearnedValues } from "@/lib/schemas/learned-values";
import type { FieldSpec, ObjectSchema } from "./field-specs";

const ASPECT_RATIO_MODES = new Set(["text-to-video", "reference-to-video"]);
export const ASPECT_RATIO_REQUIRED = "This API requires an aspect ratio: choose one";

type Literal = string | number;

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

function requiredAspectRatio(object: ObjectSchema): ObjectSchema {
  let inner = object.shape.aspect_ratio as z.ZodType;
  while (inner instanceof z.ZodDefault || inner instanceof z.ZodOptional) inner = inner.unwrap() as z.ZodType;
  if (!(inner instanceof z.ZodLiteral)) return object;
  const values = [...inner.values] as [Literal, ...Literal[]];
  const required = z.literal(values, { error: (issue) => (issue.input === undefined ? ASPECT_RATIO_REQUIRED : undefined) });
  return object.extend({ aspect_ratio: required }) as ObjectSchema;
}

/** The schema the form validates with and its fields, for this API. */
export function withLearned(
  object: ObjectSchema,
  fields: FieldSpec[],
  { model, mode }: { model: string; mode: string | undefined },
  learned: LearnedValues,
): { object: ObjectSchema; fields: FieldSpec[] } {
  if (model.startsWith("alpha-") && learned.alphaResolution.length > 0) {
    const refused = new Set(learned.alphaResolution);
    return { object, fields: fields.map((field) => (field.name === "resolution" ? narrowChoice(field, (v) => !refused.has(v)) : field)) };
  }
  if (model !== "epsilon-v6") return { object, fields };
  const requireAspect = learned.aspectRatioRequired && mode !== undefined && ASPECT_RATIO_MODES.has(mode) && "aspect_ratio" in object.shape;
  const { refused, accepted } = learned.referenceType;
  const takesType = (type: string) => !refused.includes(type) && (accepted === null || accepted.includes(type));
  return {
    object: requireAspect ? requiredAspectRatio(object) : object,
    fields: fields.map((field) => {
      if (field.name === "aspect_ratio" && requireAspect) return { ...field, required: true };
      if (field.name === "image_references" && field.items) {
        return { ...field, items: field.items.map((item) => (item.name === "type" ? narrowChoice(item, takesType) : item)) };
      }
      return field;
    }),
  };
}
