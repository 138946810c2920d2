"use client";

import { Segmented } from "@/components/ui/segmented";
import type { GenerationEndpoint } from "@/lib/schemas/generations";
import { errorAt } from "./error-tree";
import { FieldShell } from "./field-shell";
import { ENDPOINT_FIELD } from "./form-fields";
import { useField } from "./use-form";

const OPTIONS: { value: GenerationEndpoint; label: string }[] = [
  { value: "v1", label: "v1 (recommended)" },
  { value: "legacy", label: "Legacy" },
];

// Loaded with the first form that offers the choice (offersLegacy, form-fields.ts): the form a fresh page opens on
// does not.

/** Which upstream endpoint creates the task; the spec keeps the legacy one for existing integrations only. */
export function EndpointField() {
  const field = useField(ENDPOINT_FIELD);
  return (
    <FieldShell
      kind="group"
      label="Endpoint"
      help="The legacy endpoints remain for existing integrations; new integrations use v1. Legacy creates text-to-video only (no first frame)."
      error={errorAt(field.errors)}
    >
      {(ids) => (
        <Segmented
          ref={field.ref as never}
          options={OPTIONS}
          value={field.value === "legacy" ? "legacy" : "v1"}
          onValueChange={(value) => field.onChange(value)}
          aria-labelledby={ids.labelId}
          aria-describedby={ids.describedBy}
          aria-invalid={ids.invalid}
        />
      )}
    </FieldShell>
  );
}
