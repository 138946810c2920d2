import type { Ref } from "react";
import type { FieldSpec } from "@/lib/models/form";

/** What every widget takes: the field's spec and a controlled value. Lists read nested errors from `errors`. */
export interface ControlProps<V = unknown> {
  spec: FieldSpec;
  value: V;
  onChange: (value: V) => void;
  /** The message for the field as a whole. */
  error?: string;
  /** The field's whole error tree (items of a list carry their own). */
  errors?: unknown;
  /** Focused by the form when this field is the first with an error. */
  inputRef?: Ref<HTMLElement>;
  /** Overrides the spec's label, e.g. inside a list row. */
  label?: string;
  /** The value's path in the form ("image_references.0.image_url"), so a refusal can find its control. */
  name?: string;
  /** Placement in the caller's grid. */
  className?: string;
}

// How a choice reads on its button: the same words a comparison's column uses for what it ran with.
export { optionLabel } from "@/lib/models/setting-words";
