import "server-only";
import type { ParsedRow } from "@/lib/batches/parse";
import type { RenderedRow } from "@/lib/batches/rows";
import { AppError } from "@/lib/errors";
import { parseWith, refuseNul } from "@/lib/http/body";
import { nestedDeeperThan } from "@/lib/json-depth";
import { generationRequestSchema, getModel } from "@/lib/models/catalogue";
import { issueFields } from "@/lib/models/issues";
import type { AccessTokenScope } from "@/lib/schemas/access-tokens";
import { MAX_KEY_LENGTH } from "@/lib/schemas/batches";
import { upstreamParent } from "./create";
import { MAX_BODY_DEPTH } from "./handler";
import { signedLinksAsReferences } from "./signed-inputs";
import { withoutUnknownFields } from "./unknown-fields";

// A line of a batch sent to POST /v1/batches is a creation body exactly as POST /v1/images/generations or
// /v1/videos/generations takes it, plus its `custom_id` (the row's key, as in OpenAI's Batch API). It is read
// as those routes read a body: fields its model does not define dropped (./unknown-fields.ts), Darkroom's
// signed result links turned into result references (./signed-inputs.ts), an extension's parent named by the
// gateway's id swapped for the API's, then the same zod schema, with each problem named by the spec's field.

/** A line after its parent was looked up (asynchronously, before rendering): a refusal found then goes with it. */
export interface GatewayRow extends ParsedRow {
  refused?: { field: string; message: string };
}

/**
 * The lines with each `parent_task_id` given as a gateway id (`task_…`) swapped for the API's id of that task,
 * as a single creation's is (./create.ts); a parent that is another member's, or not sent yet, refuses its line.
 */
export async function* withUpstreamParents(rows: AsyncIterable<ParsedRow>, userId: string): AsyncGenerator<GatewayRow> {
  for await (const row of rows) {
    const parent = row.cells.parent_task_id;
    if (typeof parent !== "string") {
      yield row;
      continue;
    }
    try {
      yield { ...row, cells: { ...row.cells, parent_task_id: await upstreamParent(parent, userId) } };
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      const [field, message] = Object.entries(error.fields ?? {})[0] ?? ["parent_task_id", error.message];
      yield { ...row, refused: { field, message } };
    }
  }
}

const SCOPE_OF_KIND = { image: "images", video: "videos" } as const;

/** The model's schema, and a model whose kind the token may not create is refused on `model`, as its 403 would. */
const schemaFor = (scopes: readonly AccessTokenScope[]) =>
  generationRequestSchema.superRefine((request, ctx) => {
    const model = getModel(request.model);
    if (model && !scopes.includes(SCOPE_OF_KIND[model.kind]))
      ctx.addIssue({
        code: "custom",
        path: ["model"],
        message: `This token may not create ${SCOPE_OF_KIND[model.kind]}; make one with that scope in Settings.`,
      });
  });

/**
 * The renderer of a gateway batch's lines (lib/batches/start.ts startBatch): `custom_id` is the row's key
 * (required, at most MAX_KEY_LENGTH characters, once in the file), the rest the creation's body.
 */
export function gatewayRowRenderer({ scopes, origin }: { scopes: readonly AccessTokenScope[]; origin: string }) {
  const schema = schemaFor(scopes);
  const keys = new Map<string, number>();
  return (row: ParsedRow): RenderedRow => {
    const { custom_id: customId, ...body } = row.cells;
    const key = typeof customId === "string" ? customId : "";
    const fail = (field: string | null, message: string): RenderedRow => ({
      line: row.line,
      key,
      problem: { line: row.line, key: key || null, field, message },
    });
    if (row.problem) return fail(null, row.problem);
    if (nestedDeeperThan(row.cells, MAX_BODY_DEPTH))
      return fail(null, `This line nests deeper than ${MAX_BODY_DEPTH} levels; no request of the API needs more.`);
    if (typeof customId !== "string" || customId.trim() === "")
      return fail("custom_id", "Each line needs its custom_id: a text that names the line, unique in the file.");
    if (customId.length > MAX_KEY_LENGTH) return fail("custom_id", `A custom_id is at most ${MAX_KEY_LENGTH} characters.`);
    const earlier = keys.get(customId);
    if (earlier !== undefined) return fail("custom_id", `The custom_id “${customId}” is also line ${earlier}'s; each line needs its own.`);
    keys.set(customId, row.line);
    const refused = (row as GatewayRow).refused;
    if (refused) return fail(refused.field, refused.message);
    try {
      refuseNul(row.cells, "line");
      const linked = signedLinksAsReferences(withoutUnknownFields(body), { origin });
      return { line: row.line, key: customId, request: parseWith(schema, linked, (error) => issueFields(error.issues)) };
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      const [field, message] = Object.entries(error.fields ?? {})[0] ?? [null, error.message];
      return fail(field, message);
    }
  };
}
