"use client";

import { useController, useWatch } from "react-hook-form";
import { errorAt } from "./control-props";
import type { FieldSpec } from "./field-specs";
import type { FormValues } from "./form-values";
import { referenceNames } from "./mentions";
import { PromptField } from "./prompt-field";
import { ReferencesField } from "./references-field";
import { UrlListField } from "./url-list-field";
import { SCALAR_WIDGETS } from "./widget-map";

interface FieldControlProps {
  spec: FieldSpec;
  /** The list whose rows name references, when the prompt may mention them. */
  mentionSource?: FieldSpec;
  className?: string;
}

/** One form field, drawn by the widget its metadata names and bound to the form by its name. */
export function FieldControl({ spec, mentionSource, className }: FieldControlProps) {
  const { field, fieldState } = useController<FormValues>({ name: spec.name });
  const props = {
    spec,
    value: field.value,
    onChange: field.onChange,
    onBlur: field.onBlur,
    inputRef: field.ref,
    name: spec.name,
    error: errorAt(fieldState.error),
    errors: fieldState.error,
    className,
  };
  switch (spec.meta.widget) {
    case "prompt":
      return <MentioningPrompt {...props} source={mentionSource} />;
    case "url-list":
      return <UrlListField {...props} />;
    case "image-references":
      return <ReferencesField {...props} />;
    default: {
      const Widget = SCALAR_WIDGETS[spec.meta.widget];
      return Widget ? <Widget {...props} /> : null;
    }
  }
}

/** Watches the reference names only where there are references, so other prompts do not re-render with the form. */
function MentioningPrompt({ source, ...props }: Parameters<typeof PromptField>[0] & { source?: FieldSpec }) {
  return source ? <WatchedPrompt {...props} source={source} /> : <PromptField {...props} />;
}

function WatchedPrompt({ source, ...props }: Parameters<typeof PromptField>[0] & { source: FieldSpec }) {
  const rows = useWatch<FormValues>({ name: source.name });
  return <PromptField {...props} mentionNames={referenceNames(rows)} />;
}
