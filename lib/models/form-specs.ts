// Every model's form, read once from the catalogue on the server: the Generate page sends it to the browser as
// plain data (lib/models/form.ts says what a field spec holds), so the page carries no schema module and no zod.
import { MODELS } from "./catalogue";
import { fieldSpecs, modelObject, type FieldSpec } from "./form";

/** One model's form in one mode. */
export interface FormSpec {
  model: string;
  mode?: string;
  fields: FieldSpec[];
}

let specs: FormSpec[] | undefined;

/** Every model's form in every mode, in catalogue order: what the Generate page draws its forms from. */
export function formSpecs(): FormSpec[] {
  specs ??= MODELS.flatMap((entry) =>
    ("modes" in entry ? entry.modes.map((mode) => mode.value as string) : [undefined]).map((mode) => ({
      model: entry.id,
      ...(mode ? { mode } : {}),
      fields: fieldSpecs(modelObject(entry, mode)),
    })),
  );
  return specs;
}
