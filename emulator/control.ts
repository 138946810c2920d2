// The control API under /__emulator/: accounts, the clock, faults, reset. Loopback only; a stable contract.
import { z } from "zod";
import type { Emulator } from "./emulator";
import { json, parseJson, readBody, v1Error, type Reply } from "./http";
import { faultsBodySchema } from "./faults";
import { parseOrigin } from "./inputs";
import { mergeProfile, type Profile } from "./profile";
import type { Account } from "./store";
import type { IncomingMessage } from "node:http";

const plan = z.enum(["free", "paid", "lifetime"]);
const credits = z.number().int().min(0);
const newAccountSchema = z.object({
  // Keys the control API can address in a path and clients can send in a header.
  apiKey: z
    .string()
    .regex(/^[A-Za-z0-9._~:-]{1,200}$/, "apiKey must be 1 to 200 letters, digits or . _ ~ : -")
    .optional(),
  plan: plan.optional(),
  credits: credits.optional(),
  disabled: z.boolean().optional(),
});
const patchAccountSchema = newAccountSchema.omit({ apiKey: true });
const clockSchema = z.object({ advanceSeconds: z.number().min(0) });
const trustedSchema = z.object({
  origins: z.array(z.string().refine((value) => parseOrigin(value) !== null, "each entry must be an origin such as http://127.0.0.1:3000")),
});

const accountView = ({ apiKey, plan, credits, disabled }: Account) => ({ apiKey, plan, credits, disabled });

async function parse<T>(req: IncomingMessage, schema: z.ZodType<T>): Promise<{ ok: true; value: T } | { ok: false; reply: Reply }> {
  const read = await readBody(req);
  if (!read.ok) return { ok: false, reply: v1Error(413, "payload_too_large", "The request body is over 64 KiB.") };
  const parsed = read.text.trim() === "" ? { ok: true as const, value: {} } : parseJson(read.text);
  if (!parsed.ok) return { ok: false, reply: v1Error(400, "malformed_json", parsed.message) };
  const result = schema.safeParse(parsed.value);
  if (result.success) return { ok: true, value: result.data };
  const issue = result.error.issues[0];
  return { ok: false, reply: v1Error(422, "invalid_request", issue?.message ?? "Invalid body.", { field: issue?.path.join(".") }) };
}

export async function control(emu: Emulator, req: IncomingMessage, path: string): Promise<Reply> {
  const method = req.method ?? "GET";
  const accountPath = /^\/__emulator\/accounts\/([^/]+)$/.exec(path);
  if (path === "/__emulator/accounts" && method === "POST") {
    const body = await parse(req, newAccountSchema);
    if (!body.ok) return body.reply;
    if (body.value.apiKey && emu.state.accounts[body.value.apiKey]) {
      return v1Error(409, "account_exists", "An account with this API key exists.");
    }
    return json(201, accountView(emu.addAccount(body.value)));
  }
  if (accountPath && (method === "GET" || method === "PATCH")) {
    emu.advance();
    const account = emu.state.accounts[accountPath[1] ?? ""];
    if (!account) return v1Error(404, "not_found", "No account with this API key.");
    if (method === "PATCH") {
      const body = await parse(req, patchAccountSchema);
      if (!body.ok) return body.reply;
      Object.assign(account, Object.fromEntries(Object.entries(body.value).filter(([, v]) => v !== undefined)));
      emu.store.changed();
    }
    return json(200, accountView(account));
  }
  if (path === "/__emulator/clock" && method === "GET") return json(200, { now: new Date(emu.clock.now()).toISOString() });
  if (path === "/__emulator/clock" && method === "POST") {
    const body = await parse(req, clockSchema);
    if (!body.ok) return body.reply;
    emu.clock.advance(body.value.advanceSeconds);
    emu.persistClock();
    emu.advance();
    return json(200, { now: new Date(emu.clock.now()).toISOString() });
  }
  if (path === "/__emulator/faults" && method === "POST") {
    const body = await parse(req, faultsBodySchema);
    if (!body.ok) return body.reply;
    emu.faults.add(body.value.rules);
    return json(200, { added: body.value.rules.length });
  }
  if (path === "/__emulator/faults" && method === "GET") return json(200, { rules: emu.faults.list() });
  if (path === "/__emulator/faults" && method === "DELETE") {
    emu.faults.clear();
    return { status: 204 };
  }
  if (path === "/__emulator/trusted-origins" && method === "GET") return json(200, { origins: emu.inputs.origins });
  if (path === "/__emulator/trusted-origins" && method === "PUT") {
    const body = await parse(req, trustedSchema);
    if (!body.ok) return body.reply;
    emu.inputs.origins = body.value.origins.map((origin) => parseOrigin(origin)!);
    return json(200, { origins: emu.inputs.origins });
  }
  if (path === "/__emulator/input-fetches" && method === "GET") return json(200, { fetches: emu.inputs.log });
  if (path === "/__emulator/profile" && method === "GET") return json(200, emu.settings);
  if (path === "/__emulator/profile" && method === "PUT") {
    const read = await readBody(req);
    if (!read.ok) return v1Error(413, "payload_too_large", "The request body is over 64 KiB.");
    const parsed = parseJson(read.text.trim() === "" ? "{}" : read.text);
    if (!parsed.ok) return v1Error(400, "malformed_json", parsed.message);
    const merged = mergeProfile(emu.settings, parsed.value);
    if (!merged.ok) return v1Error(400, "invalid_profile", merged.message);
    emu.override(merged.profile, Object.keys(parsed.value as object) as (keyof Profile)[]);
    return json(200, emu.settings);
  }
  if (path === "/__emulator/reset" && method === "POST") {
    await emu.media.clearFiles();
    emu.reset();
    return { status: 204 };
  }
  return v1Error(404, "not_found", "No such control route.");
}
