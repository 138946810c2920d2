// The agreement test: every rule of the spec and docs/emulator.md, as rows that the catalogue's schema and a real
// emulator over HTTP must judge alike. A valid row is parsed and the PARSED body (defaults filled) is
// what goes to the emulator, exactly as the server will send it upstream.
import { beforeAll, describe, expect, it } from "vitest";
import type { z } from "zod";
import { emulatorForFile, BODIES, type EmulatorClient } from "@/emulator/testing";
import { alphaBetaRows } from "@/lib/testing/model-agreement/alpha-beta-rows";
import { epsilonRows } from "@/lib/testing/model-agreement/epsilon-rows";
import { imageRows, modelRows } from "@/lib/testing/model-agreement/image-rows";
import { edit, PROMPT, type Row } from "@/lib/testing/model-agreement/table";
import { generationRequestSchema, getModel } from "./catalogue";
import { issueFields } from "./issues";

const ROWS: Row[] = [...modelRows, ...alphaBetaRows, ...epsilonRows, ...imageRows];
// The catalogue refuses fields a model does not define, so it is compared with the emulator's strict reading
// of them (its default profile ignores them).
const emulator = emulatorForFile({ profile: { unknownFields: "reject" } });

// A fresh account per row keeps every row far below the rate limit (120 a minute a key) and the
// concurrency limits (3 video, 5 image tasks), whatever the order rows run in.
async function freshAccount(client: EmulatorClient): Promise<string> {
  return (await client.account({ credits: 10_000_000 })).apiKey;
}

// Made before any row queues renders, so it succeeds long before the 30-minute deadline; the rows
// that extend it run on its account (at most two live video tasks there).
let parent: { apiKey: string; id: string; url: string } | undefined;
beforeAll(async () => {
  const client = emulator();
  const apiKey = await freshAccount(client);
  const task = await client.succeeded("videos", apiKey, BODIES.epsilon());
  parent = { apiKey, id: task.id, url: task.data[0].url };
});

function theParent() {
  if (parent === undefined) throw new Error("the parent task was not made");
  return parent;
}

describe("the model schemas and the emulator agree", () => {
  it("has unique row names", () => {
    const names = ROWS.map((row) => row.name);
    expect(names.filter((name, i) => names.indexOf(name) !== i)).toEqual([]);
  });

  it.each(ROWS)("$name", async (row) => {
    const client = emulator();
    const apiKey = typeof row.body === "function" ? theParent().apiKey : await freshAccount(client);
    const body = typeof row.body === "function" ? row.body(theParent().id) : row.body;
    const parsed = generationRequestSchema.safeParse(body);
    const fields = parsed.success ? {} : issueFields(parsed.error.issues);
    // The route handler parses with the union; the form with the model's own schema: same verdict.
    const entry = typeof body.model === "string" ? getModel(body.model) : undefined;
    if (entry) {
      expect((entry.schema as z.ZodType).safeParse(body).success, `row "${row.name}": the model's own schema`).toBe(parsed.success);
      expect(row.endpoint, `row "${row.name}": endpoint`).toBe(entry.endpoint);
    }

    const response = await client.create(row.endpoint, apiKey, parsed.success ? parsed.data : body);
    if (row.valid) {
      expect(parsed.success, `row "${row.name}": schema rejects a valid body: ${JSON.stringify(fields)}`).toBe(true);
      expect(response.status, `row "${row.name}": emulator answers ${response.text} to the parsed body`).toBe(202);
      // The parsed body is a fixed point, so a stored request re-validates to itself.
      expect(generationRequestSchema.parse(parsed.data), `row "${row.name}": parsing the parsed body`).toEqual(parsed.data);
    } else {
      expect(Object.keys(fields), `row "${row.name}": schema should blame ${row.field}`).toContain(row.field);
      expect(response.status, `row "${row.name}": emulator answers ${response.text}`).toBe(422);
      expect(response.body?.error, `row "${row.name}": emulator blames another field`).toMatchObject({
        code: "invalid_request",
        field: row.field,
      });
    }
  });
});

// Rules that need the upstream's state, so the schema cannot judge them; the emulator is the judge.
describe("rules only the upstream can check", () => {
  it("takes the emulator's own media URLs, which the schema refuses as not public HTTPS", async () => {
    const client = emulator();
    const { apiKey, url } = theParent();
    const body = { model: "epsilon-v6", mode: "extend", prompt: PROMPT, video_url: url };
    expect(issueFields(generationRequestSchema.safeParse(body).error?.issues ?? [])).toHaveProperty("video_url");
    expect((await client.create("videos", apiKey, body)).status).toBe(202);
  });

  it("checks that parent_task_id names a succeeded task of the same account", async () => {
    const client = emulator();
    const apiKey = await freshAccount(client);
    const body = edit({ model: "epsilon-v6", mode: "extend", prompt: PROMPT }, { parent_task_id: "task_0123456789abcdef" });
    expect(generationRequestSchema.safeParse(body).success).toBe(true);
    const response = await client.create("videos", apiKey, body);
    expect(response.status).toBe(422);
    expect(response.body.error.field).toBe("parent_task_id");
  });
});
