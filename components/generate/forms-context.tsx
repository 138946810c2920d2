"use client";

// Every model's form, as the server read them off the schemas (lib/models/form-specs.ts), for whatever in the
// workspace needs a field's spec: the form itself, an entry link that fills one, a refusal that names a field.
import { createContext, useContext } from "react";
import type { FieldSpec } from "@/lib/models/form";
import type { FormSpec } from "@/lib/models/form-specs";

export const FormsContext = createContext<readonly FormSpec[]>([]);

export const useForms = (): readonly FormSpec[] => useContext(FormsContext);

/** The fields of one model in one mode (its only form when it has no modes); undefined for an unknown one. */
export function fieldsOf(forms: readonly FormSpec[], model: string, mode: string | undefined): FieldSpec[] | undefined {
  return forms.find((form) => form.model === model && form.mode === mode)?.fields;
}
