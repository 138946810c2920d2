"use client";

import { useEffect } from "react";
import { FieldControl } from "@/components/generate/field-control";
import { useFormStore } from "@/components/generate/use-form";
import { useWidgetsReady } from "@/components/generate/widget-map";
import type { FieldSpec } from "@/lib/models/form";

/**
 * A column's settings editor: the Generate form's controls for the model's choices, bound to the column's store,
 * so a column offers exactly the values its schema takes (what the API taught applied, as on Generate).
 */
export function ColumnFields({ fields, focusRequest }: { fields: readonly FieldSpec[]; focusRequest: number }) {
  const store = useFormStore();
  const ready = useWidgetsReady(fields);
  useEffect(() => {
    if (focusRequest === 0 || ready !== true) return;
    // After a refused submit the editor opens on its first problem: it may only now have mounted its controls.
    const first = fields.find((field) => field.name in store.errors);
    if (first) store.focus(first.name);
  }, [focusRequest, ready, fields, store]);
  if (ready === "failed") {
    return <p className="mt-2 text-xs text-danger">The settings could not load. Check your connection and reload the page.</p>;
  }
  if (!ready) return <div aria-hidden className="mt-2 h-24 animate-pulse rounded-lg bg-muted/50 motion-reduce:animate-none" />;
  if (fields.length === 0) return <p className="mt-2 text-xs text-muted-foreground">This model has no settings beyond the prompt.</p>;
  return (
    <div className="@container mt-2 grid gap-4 border-t pt-3">
      {fields.map((field) => (
        <FieldControl key={field.name} spec={field} />
      ))}
    </div>
  );
}
