import type { ComponentType } from "react";
import type { Widget } from "@/lib/models/fields";
import { SegmentedField, SelectField, SwitchField } from "./choice-fields";
import type { ControlProps } from "./control-props";
import { NumberField, SliderField } from "./number-fields";
import { TextField } from "./text-field";
import { UrlField } from "./url-field";

/** Widgets for one value; lists, prompts and the pickers (model, mode) are drawn elsewhere. */
export const SCALAR_WIDGETS: Partial<Record<Widget, ComponentType<ControlProps>>> = {
  text: TextField,
  url: UrlField,
  segmented: SegmentedField,
  select: SelectField,
  switch: SwitchField,
  slider: SliderField,
  number: NumberField,
};
