"use client";

import { lazy, Suspense } from "react";
import { errorAt } from "./error-tree";
import type { FieldSpec } from "@/lib/models/form";
import { PromptField } from "./prompt-field";
import { UrlListField } from "./url-list-field";
import { useField } from "./use-form";
import { SCALAR_WIDGETS } from "./widget-map";

// Only epsilon-v6's reference mode has named image references: their editor loads when that form shows.
const ReferencesField = lazy(() => import("./references-field").then((module) => ({ default: module.ReferencesField })));
// ...and so do its prompt's @-suggestions: until then (a moment) the prompt is the plain one, in the same place.
const MentioningPrompt = lazy(() => import("./mentioning-prompt").then((module) => ({ default: module.MentioningPrompt })));

interface FieldControlProps {
  spec: FieldSpec;
  /** The list whose rows name references, when the prompt may mention them. */
  mentionSource?: FieldSpec;
  className?: string;
}

/** One form field, drawn by the widget its metadata names and bound to the form by its name. */
export function FieldControl({ spec, mentionSource, className }: FieldControlProps) {
  const field = useField(spec.name);
  const props = {
    spec,
    value: field.value,
    onChange: field.onChange,
    inputRef: field.ref,
    name: spec.name,
    error: errorAt(field.errors),
    errors: field.errors,
    className,
  };
  switch (spec.meta.widget) {
    case "prompt":
      return mentionSource ? (
        <Suspense fallback={<PromptField {...props} />}>
          <MentioningPrompt {...props} source={mentionSource} />
        </Suspense>
      ) : (
        <PromptField {...props} />
      );
    case "url-list":
      return <UrlListField {...props} />;
    case "image-references":
      return (
        <Suspense fallback={<div aria-hidden className="h-40 animate-pulse rounded-lg bg-muted/50" />}>
          <ReferencesField {...props} />
        </Suspense>
      );
    default: {
      const Widget = SCALAR_WIDGETS[spec.meta.widget];
      return Widget ? <Widget {...props} /> : null;
    }
  }
}
