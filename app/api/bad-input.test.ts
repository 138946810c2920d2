// Bad input to every form-backed route: each answer is one clear 4xx in the one error shape, and nothing is
// stored half-way (no user without a password account, no audit row, no session, no setup flag).
import { beforeAll, describe, expect, it, vi } from "vitest";
import { PATCH as patchMember } from "@/app/api/members/[id]/route";
import { POST as addMember } from "@/app/api/members/route";
import { POST as setup } from "@/app/api/setup/route";
import { getAuth } from "@/lib/auth/auth";
import { database } from "@/lib/db";
import { listMembers } from "@/lib/db/users";
import { NAME_CONTROL_MESSAGE } from "@/lib/members/schemas";
import {
  ADMIN,
  call,
  type Call,
  cookieHeader,
  expectError,
  expectNoInternals,
  freshIp,
  MEMBER_PASSWORD,
  migrated,
  ORIGIN,
  storedCounts,
} from "@/lib/testing/app";

type Handler = Parameters<typeof call>[0];
const TEN_KB = "a".repeat(10 * 1024);
const EMAIL_MESSAGE = "Enter a valid email address, like name@example.com.";

/** Drops the Content-Type header that `call` adds, to send a body with none at all. */
const withoutContentType =
  (handler: Handler): Handler =>
  (request, context) => {
    request.headers.delete("content-type");
    return handler(request, context);
  };

/** Requests that fail before validation, the same for every JSON route. */
const transportCases: [string, Partial<Call>, number, string][] = [
  ["no Content-Type", { raw: JSON.stringify({ name: "x" }), headers: {} }, 415, "unsupported_media_type"],
  ["text/plain", { raw: JSON.stringify({ name: "x" }), headers: { "content-type": "text/plain" } }, 415, "unsupported_media_type"],
  [
    "form-encoded",
    { raw: "name=x&email=y", headers: { "content-type": "application/x-www-form-urlencoded" } },
    415,
    "unsupported_media_type",
  ],
  ["malformed JSON", { raw: '{"name": "x",' }, 400, "bad_request:json"],
  ["an empty body", { raw: "" }, 400, "bad_request:json"],
  ["a 70 KB body", { body: { name: "x".repeat(70 * 1024) } }, 413, "payload_too_large"],
  ["a JSON array", { body: [] }, 422, "invalid:body"],
  ["JSON null", { raw: "null" }, 422, "invalid:body"],
  ["a JSON string", { body: "ada@example.com" }, 422, "invalid:body"],
];

/** Field errors shared by the setup and add-member forms (`role` is added for the latter). */
const fieldCases: [string, Record<string, unknown>, Record<string, string | RegExp>][] = [
  [
    "empty strings",
    { name: "", email: "", password: "" },
    { name: "Enter a name.", email: "Enter an email address.", password: "Use at least 10 characters." },
  ],
  ["blank name", { name: "   " }, { name: "Enter a name." }],
  ["10 KB name", { name: TEN_KB }, { name: "Use at most 100 characters." }],
  // Issue 25, finding 4: control characters, NUL included (Postgres cannot store it), are a field error.
  ["a NUL in the name", { name: "Ada\u0000Admin" }, { name: NAME_CONTROL_MESSAGE }],
  ["a line break in the name", { name: "Ada\n=cmd()" }, { name: NAME_CONTROL_MESSAGE }],
  ["a tab in the name", { name: "Ada\tAdmin" }, { name: NAME_CONTROL_MESSAGE }],
  ["DEL in the name", { name: "Ada\u007f" }, { name: NAME_CONTROL_MESSAGE }],
  ["10 KB email", { email: `${TEN_KB}@example.com` }, { email: "An email address has at most 254 characters." }],
  ["10 KB password", { password: TEN_KB }, { password: "Use at most 128 characters." }],
  ["malformed email", { email: "ada@@example" }, { email: EMAIL_MESSAGE }],
  ["email with a header injection", { email: "ada@example.com\r\nBcc: eve@example.com" }, { email: EMAIL_MESSAGE }],
  ["short password", { password: "short" }, { password: "Use at least 10 characters." }],
  ["wrong types", { name: 42, email: true, password: ["x"] }, { name: /\S/, email: /\S/, password: /\S/ }],
  ["missing fields", { name: undefined, email: undefined, password: undefined }, { name: /\S/, email: /\S/, password: /\S/ }],
];

/** Sends a request, expects the error and that nothing was stored; `after` adds route-specific checks. */
async function expectRefused(
  handler: Handler,
  path: string,
  request: Call,
  status: number,
  code: string,
  fields?: Record<string, string | RegExp>,
) {
  const before = await storedCounts();
  const target = request.headers && !("content-type" in request.headers) ? withoutContentType(handler) : handler;
  const response = await call(target, path, request);
  expectError(response, status, code);
  expectNoInternals(response.json);
  if (fields) {
    expect(Object.keys(response.json.error.fields).sort()).toEqual(Object.keys(fields).sort());
    for (const [field, message] of Object.entries(fields)) {
      if (message instanceof RegExp) expect(response.json.error.fields[field]).toMatch(message);
      else expect(response.json.error.fields[field]).toBe(message);
    }
    expect(response.json.error.message).toBe(Object.values(response.json.error.fields)[0]);
  }
  expect(await storedCounts()).toEqual(before);
  expect(before.usersWithoutAccount).toBe(0);
  return response;
}

describe("bad input", () => {
  let adminCookie = "";
  let target = "";

  beforeAll(async () => {
    await migrated();
  });

  describe("POST /api/setup (before first run)", () => {
    const good = { ...ADMIN };

    it.each(transportCases)("refuses %s", async (_label, request, status, code) => {
      await expectRefused(setup, "/api/setup", { method: "POST", ...request }, status, code);
    });

    it.each(fieldCases)("refuses %s with field errors", async (_label, change, fields) => {
      await expectRefused(setup, "/api/setup", { method: "POST", body: { ...good, ...change } }, 422, "invalid:body", fields);
      expect((await storedCounts()).instance).toBe(0);
    });

    it("then sets up exactly one admin when two valid setups race", async () => {
      const racing = await Promise.all(
        [good, { ...good, email: "eve@example.com" }].map((body) => call(setup, "/api/setup", { method: "POST", body })),
      );
      expect(racing.map((response) => response.status).sort()).toEqual([201, 409]);
      const winner = racing.find((response) => response.status === 201)!;
      adminCookie = cookieHeader(winner);
      expect(await storedCounts()).toMatchObject({ users: 1, accounts: 1, audit: 1, instance: 1, usersWithoutAccount: 0 });
    });
  });

  describe("POST /api/members", () => {
    const good = { name: "Mo", email: "mo@example.com", password: MEMBER_PASSWORD, role: "member" };
    const add = (request: Call) => ({ method: "POST", cookie: adminCookie, ...request });

    it.each(transportCases)("refuses %s", async (_label, request, status, code) => {
      await expectRefused(addMember, "/api/members", add(request), status, code);
    });

    it.each<[string, Record<string, unknown>, Record<string, string | RegExp>]>([
      ...fieldCases,
      ["an unknown role", { role: "owner" }, { role: "Choose admin, member or viewer." }],
      ["no role", { role: undefined }, { role: "Choose admin, member or viewer." }],
      [
        "an empty form",
        { name: "", email: "", password: "", role: "" },
        {
          name: "Enter a name.",
          email: "Enter an email address.",
          password: "Use at least 10 characters.",
          role: "Choose admin, member or viewer.",
        },
      ],
    ])("refuses %s with field errors", async (_label, change, fields) => {
      await expectRefused(addMember, "/api/members", add({ body: { ...good, ...change } }), 422, "invalid:body", fields);
    });

    it("ignores fields the form does not have (no choosing your id or starting enabled as someone else)", async () => {
      const response = await call(
        addMember,
        "/api/members",
        add({ body: { ...good, id: "chosen-id", disabled: true, emailVerified: true, role: "viewer" } }),
      );
      expect(response.status).toBe(201);
      expect(response.json.member).toMatchObject({ email: "mo@example.com", role: "viewer", disabled: false });
      expect(response.json.member.id).not.toBe("chosen-id");
      target = response.json.member.id;
    });

    it("refuses an email address in use, whatever its case, storing nothing", async () => {
      const response = await expectRefused(
        addMember,
        "/api/members",
        add({ body: { ...good, email: " MO@Example.com " } }),
        409,
        "conflict:email",
      );
      expect(response.json.error.fields).toEqual({ email: "A member with this email address exists already." });
    });

    it("answers 409, not 500, when the same new address is added twice at once", async () => {
      // Holds both email look-ups until both have run, so the race happens every time rather than now and then.
      const { internalAdapter } = await getAuth().$context;
      const lookUp = internalAdapter.findUserByEmail.bind(internalAdapter);
      let arrived = 0;
      let release = () => {};
      const bothLooked = new Promise<void>((resolve) => (release = resolve));
      const spy = vi.spyOn(internalAdapter, "findUserByEmail").mockImplementation(async (...args) => {
        const found = await lookUp(...args);
        if ((arrived += 1) === 2) release();
        await bothLooked;
        return found;
      });
      const before = await storedCounts();
      const body = { ...good, email: "twice@example.com" };
      const responses = await Promise.all([1, 2].map(() => call(addMember, "/api/members", add({ body })))).finally(() =>
        spy.mockRestore(),
      );
      expect(arrived).toBe(2);
      for (const response of responses) expectNoInternals(response.json);
      expect(await storedCounts()).toMatchObject({
        users: before.users + 1,
        accounts: before.accounts + 1,
        audit: before.audit + 1,
        usersWithoutAccount: 0,
      });
      expect(responses.map((response) => response.status).sort()).toEqual([201, 409]);
      expectError(
        responses.find((response) => response.status !== 201)!,
        409,
        "conflict:email",
      );
    });
  });

  describe("PATCH /api/members/{id}", () => {
    const patch = (request: Call) => ({ method: "PATCH", cookie: adminCookie, params: { id: target }, ...request });

    it.each(transportCases)("refuses %s", async (_label, request, status, code) => {
      const before = await listMembers(database().db);
      await expectRefused(patchMember, "/api/members/x", patch(request), status, code);
      expect(await listMembers(database().db)).toEqual(before);
    });

    it.each<[string, unknown, Record<string, string | RegExp>]>([
      ["an empty patch", {}, { _form: "Send a role or disabled." }],
      ["an unknown role", { role: "owner" }, { role: "Choose admin, member or viewer." }],
      ["an empty role", { role: "" }, { role: "Choose admin, member or viewer." }],
      ["a 10 KB role", { role: TEN_KB }, { role: "Choose admin, member or viewer." }],
      ["disabled as a string", { disabled: "yes" }, { disabled: /\S/ }],
      ["an extra field", { role: "member", name: "Renamed" }, { _form: /name/ }],
      ["an email change", { email: "eve@example.com" }, { _form: /email/ }],
      ["a password change", { disabled: false, password: "new password 123" }, { _form: /password/ }],
    ])("refuses %s with field errors, changing nothing", async (_label, body, fields) => {
      const before = await listMembers(database().db);
      await expectRefused(patchMember, "/api/members/x", patch({ body }), 422, "invalid:body", fields);
      expect(await listMembers(database().db)).toEqual(before);
    });
  });

  describe("sign-in through better-auth", () => {
    async function signInWith(body: string, contentType = "application/json") {
      const response = await getAuth().handler(
        new Request(`${ORIGIN}/api/auth/sign-in/email`, {
          method: "POST",
          headers: { origin: ORIGIN, "content-type": contentType, "x-forwarded-for": freshIp() },
          body,
        }),
      );
      return { status: response.status, text: await response.text(), cookies: response.headers.getSetCookie() };
    }

    it.each<[string, string, string?]>([
      ["empty fields", JSON.stringify({ email: "", password: "" })],
      ["no fields", JSON.stringify({})],
      ["a 10 KB email", JSON.stringify({ email: `${TEN_KB}@example.com`, password: ADMIN.password })],
      ["a 10 KB password", JSON.stringify({ email: ADMIN.email, password: TEN_KB })],
      ["a malformed email", JSON.stringify({ email: "ada@@example", password: ADMIN.password })],
      ["wrong types", JSON.stringify({ email: 42, password: true })],
      ["malformed JSON", '{"email": "ada@example.com",'],
      ["a JSON array", "[]"],
      ["a 70 KB body", JSON.stringify({ email: ADMIN.email, password: "x".repeat(70 * 1024) })],
      ["text/plain", JSON.stringify({ email: ADMIN.email, password: ADMIN.password }), "text/plain"],
    ])("refuses %s with a 4xx and no session", async (_label, body, contentType) => {
      const sessions = (await storedCounts()).sessions;
      const response = await signInWith(body, contentType);
      expect(response.status).toBeGreaterThanOrEqual(400);
      expect(response.status).toBeLessThan(500);
      expect(response.cookies.filter((cookie) => /session_token=[^;]/.test(cookie))).toEqual([]);
      expectNoInternals(response.text);
      expect((await storedCounts()).sessions).toBe(sessions);
    });
  });
});
