import { useEffect, useState, type ComponentType } from "react";
import type { FieldSpec } from "@/lib/models/form";
import type { Widget } from "@/lib/models/fields";
import { SegmentedField, SelectField } from "./choice-fields";
import type { ControlProps } from "./control-props";
import { NumberField } from "./number-fields";
import { UrlField } from "./url-field";

// Widgets for one value; lists, prompts and the pickers (model, mode) are drawn elsewhere. Those of the form a
// fresh page opens on (gamma-5-pro: choices, a number, the URL rows of its references) come with the page; the
// others load with the first form that has one and join SCALAR_WIDGETS; the page shows a form once all of its
// controls are in (useWidgetsReady), so a form never draws a field without its control. Issue 28: the workspace's first screen ≤ 150 KiB of script.
export const SCALAR_WIDGETS: Partial<Record<Widget, ComponentType<ControlProps>>> = {
  segmented: SegmentedField,
  select: SelectField,
  number: NumberField,
  url: UrlField,
};

const LATER: Partial<Record<Widget, () => Promise<ComponentType<ControlProps>>>> = {
  text: () => import("./text-field").then((module) => module.TextField),
  switch: () => import("./switch-field").then((module) => module.SwitchField),
  slider: () => import("./slider-field").then((module) => module.SliderField),
};

/** The widgets a form's fields (and their list items) use whose code is not in yet. */
function missing(fields: readonly FieldSpec[]): Widget[] {
  const widgets = new Set(fields.flatMap((field) => [field.meta.widget, ...(field.items ?? []).map((item) => item.meta.widget)]));
  return [...widgets].filter((widget) => LATER[widget] && !SCALAR_WIDGETS[widget]);
}

async function load(widgets: readonly Widget[]): Promise<void> {
  await Promise.all(
    widgets.map(async (widget) => {
      SCALAR_WIDGETS[widget] = await LATER[widget]!();
    }),
  );
}

/** Fetches every widget's code, once someone starts on the form: another model's form then shows at once. */
export const preloadWidgets = () => void load(Object.keys(LATER) as Widget[]).catch(() => undefined);

/**
 * Whether every control these fields need is loaded; loads those that are not, and renders again once they are.
 * "failed" when their code could not be fetched (offline): the page says so rather than wait.
 */
export function useWidgetsReady(fields: readonly FieldSpec[] | undefined): boolean | "failed" {
  const needed = fields ? missing(fields) : [];
  const key = needed.join(" ");
  const [failed, setFailed] = useState<string | null>(null);
  const [, setLoaded] = useState(0);
  useEffect(() => {
    if (!key) return;
    let live = true;
    load(key.split(" ") as Widget[]).then(
      () => live && setLoaded((count) => count + 1),
      () => live && setFailed(key),
    );
    return () => {
      live = false;
    };
  }, [key]);
  if (needed.length === 0) return true;
  return failed === key ? "failed" : false;
}
