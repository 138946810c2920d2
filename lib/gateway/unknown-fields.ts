import "server-only";
import { z } from "zod";
import { getModel } from "@/lib/models/catalogue";

// The API's default reading ignores a field it does not define (docs/emulator.md, "Unknown fields"), so a script
// that sends one (`"colour": "red"`, a field of a newer client) works against the API. The gateway reads a body the
// same way: before the model's schema checks it, every field the model defines in none of its modes is dropped, at
// the top and inside image references. What is left is checked as strictly as the dashboard's forms are (a field of
// another mode is still a 422 naming it, as upstream), and only that is stored and sent: the upstream never gets a
// field Darkroom did not validate. The dashboard (POST /api/generations) stays strict: its form sends known fields only.

/** The schemas a value at this place may be read by, with optional, default and pipe wrappers taken off. */
function bare(schemas: z.ZodType[]): z.ZodType[] {
  return schemas.flatMap((schema): z.ZodType[] => {
    if (schema instanceof z.ZodOptional || schema instanceof z.ZodDefault || schema instanceof z.ZodNullable)
      return bare([schema.unwrap() as z.ZodType]);
    if (schema instanceof z.ZodPipe) return bare([schema.in as z.ZodType]);
    if (schema instanceof z.ZodUnion) return bare(schema.options as z.ZodType[]);
    return [schema];
  });
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * `value` without the keys none of `schemas` defines. It goes only where a schema has structure, so its depth is
 * the schema's (three levels), whatever the body's.
 */
function known(value: unknown, schemas: z.ZodType[]): unknown {
  const inner = bare(schemas);
  const objects = inner.filter((schema) => schema instanceof z.ZodObject);
  if (isPlainObject(value) && objects.length > 0) {
    // Object.entries and fromEntries keep "__proto__" an own key, as JSON.parse made it.
    const kept = Object.entries(value).flatMap(([key, item]) => {
      const fields = objects.flatMap((object) => (Object.hasOwn(object.shape, key) ? [object.shape[key] as z.ZodType] : []));
      return fields.length > 0 ? [[key, known(item, fields)] as const] : [];
    });
    return Object.fromEntries(kept);
  }
  const lists = inner.filter((schema) => schema instanceof z.ZodArray);
  if (Array.isArray(value) && lists.length > 0)
    return value.map((item) =>
      known(
        item,
        lists.map((list) => list.element as z.ZodType),
      ),
    );
  return value;
}

/** A creation's body with the fields its model does not define dropped; any other body (no known model) as it came. */
export function withoutUnknownFields(body: unknown): unknown {
  const model = isPlainObject(body) && typeof body.model === "string" ? getModel(body.model) : undefined;
  return model ? known(body, [model.schema as z.ZodType]) : body;
}
