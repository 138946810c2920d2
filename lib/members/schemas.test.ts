import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { ROLES, roleAtLeast, type Role } from "@/lib/members/roles";
import { memberPatchSchema, newMemberSchema, setupSchema, signInSchema } from "@/lib/members/schemas";

const TEN_KB = "a".repeat(10 * 1024);
const good = { name: "Ada Admin", email: "ada@example.com", password: "correct horse battery" };

/** Field path → first message, the way the route handlers report them ("_form" for the whole object). */
function problems(schema: z.ZodType, value: unknown): Record<string, string> {
  const result = schema.safeParse(value);
  if (result.success) throw new Error(`accepted ${JSON.stringify(value).slice(0, 80)}`);
  const fields: Record<string, string> = {};
  for (const issue of result.error.issues) fields[issue.path.join(".") || "_form"] ??= issue.message;
  return fields;
}

describe("roleAtLeast", () => {
  const allowed: Record<Role, Role[]> = { admin: ["admin", "member", "viewer"], member: ["member", "viewer"], viewer: ["viewer"] };
  const cases = ROLES.flatMap((role) => ROLES.map((minimum) => [role, minimum, allowed[role].includes(minimum)] as const));

  it.each(cases)("%s at least %s: %s", (role, minimum, expected) => {
    expect(roleAtLeast(role, minimum)).toBe(expected);
  });
});

describe("email fields", () => {
  it.each([
    ["  ADA@Example.COM ", "ada@example.com"],
    ["ada+team@example.co.uk", "ada+team@example.co.uk"],
  ])("normalises %j to %j in every form", (given, expected) => {
    expect(signInSchema.parse({ email: given, password: "x" }).email).toBe(expected);
    expect(setupSchema.parse({ ...good, email: given }).email).toBe(expected);
    expect(newMemberSchema.parse({ ...good, email: given, role: "viewer" }).email).toBe(expected);
  });

  it.each([
    ["", "Enter an email address."],
    ["   ", "Enter an email address."],
    [`${TEN_KB}@example.com`, "An email address has at most 254 characters."],
    ["ada", "Enter a valid email address, like name@example.com."],
    ["ada@", "Enter a valid email address, like name@example.com."],
    ["ada@example", "Enter a valid email address, like name@example.com."],
    ["a da@example.com", "Enter a valid email address, like name@example.com."],
    ["<script>@example.com", "Enter a valid email address, like name@example.com."],
  ])("rejects %j with %j", (email, message) => {
    expect(problems(signInSchema, { email, password: "x" })).toEqual({ email: message });
    expect(problems(setupSchema, { ...good, email })).toEqual({ email: message });
    expect(problems(newMemberSchema, { ...good, email, role: "member" })).toEqual({ email: message });
  });
});

describe("signInSchema", () => {
  it("accepts any non-empty password up to the maximum (old passwords may be short)", () => {
    expect(signInSchema.parse({ email: "ada@example.com", password: "x" })).toEqual({ email: "ada@example.com", password: "x" });
    expect(signInSchema.parse({ email: "ada@example.com", password: "p".repeat(128) }).password).toHaveLength(128);
  });

  it.each([
    ["", "Enter your password."],
    [TEN_KB, "A password has at most 128 characters."],
  ])("rejects password %#", (password, message) => {
    expect(problems(signInSchema, { email: "ada@example.com", password })).toEqual({ password: message });
  });

  it("reports both fields of an empty form", () => {
    expect(problems(signInSchema, { email: "", password: "" })).toEqual({
      email: "Enter an email address.",
      password: "Enter your password.",
    });
  });
});

describe("setupSchema and newMemberSchema", () => {
  it("accept a good form, trimming the name and keeping the password as typed", () => {
    expect(setupSchema.parse({ name: "  Ada Admin ", email: "Ada@Example.com", password: " spaced password " })).toEqual({
      name: "Ada Admin",
      email: "ada@example.com",
      password: " spaced password ",
    });
    for (const role of ROLES) expect(newMemberSchema.parse({ ...good, role }).role).toBe(role);
  });

  it.each<[string, Record<string, unknown>, Record<string, string>]>([
    ["empty name", { name: "" }, { name: "Enter a name." }],
    ["blank name", { name: "   " }, { name: "Enter a name." }],
    ["10 KB name", { name: TEN_KB }, { name: "Use at most 100 characters." }],
    ["empty password", { password: "" }, { password: "Use at least 10 characters." }],
    ["short password", { password: "123456789" }, { password: "Use at least 10 characters." }],
    ["10 KB password", { password: TEN_KB }, { password: "Use at most 128 characters." }],
  ])("reject a form with %s", (_label, change, expected) => {
    expect(problems(setupSchema, { ...good, ...change })).toEqual(expected);
    expect(problems(newMemberSchema, { ...good, role: "member", ...change })).toEqual(expected);
  });

  it("reports every empty field of an empty form", () => {
    expect(problems(newMemberSchema, { name: "", email: "", password: "", role: "" })).toEqual({
      name: "Enter a name.",
      email: "Enter an email address.",
      password: "Use at least 10 characters.",
      role: "Choose admin, member or viewer.",
    });
  });

  it.each(["owner", "Admin", "", 1, null])("rejects role %j with the role message", (role) => {
    expect(problems(newMemberSchema, { ...good, role })).toEqual({ role: "Choose admin, member or viewer." });
  });

  it.each<[string, unknown]>([
    ["a number as name", { ...good, name: 42 }],
    ["an array as email", { ...good, email: ["ada@example.com"] }],
    ["an object as password", { ...good, password: { length: 12 } }],
  ])("rejects %s with a message on that field", (_label, value) => {
    const fields = problems(setupSchema, value);
    expect(Object.keys(fields)).toHaveLength(1);
    expect(Object.values(fields)[0]).toMatch(/\S/);
  });
});

describe("memberPatchSchema", () => {
  it.each([{ role: "viewer" }, { disabled: true }, { disabled: false }, { role: "admin", disabled: false }])("accepts %j", (patch) => {
    expect(memberPatchSchema.parse(patch)).toEqual(patch);
  });

  it.each<[string, unknown, Record<string, string>]>([
    ["an empty patch", {}, { _form: "Send a role or disabled." }],
    ["an unknown role", { role: "owner" }, { role: "Choose admin, member or viewer." }],
    ["an empty role", { role: "" }, { role: "Choose admin, member or viewer." }],
  ])("rejects %s", (_label, patch, expected) => {
    expect(problems(memberPatchSchema, patch)).toEqual(expected);
  });

  it.each<[string, unknown, string]>([
    ["disabled as a string", { disabled: "true" }, "disabled"],
    ["disabled as a number", { disabled: 1 }, "disabled"],
    ["an extra field", { role: "member", email: "x@example.com" }, "_form"],
    ["a name change", { name: "Eve" }, "_form"],
    ["an array", [], "_form"],
    ["null", null, "_form"],
  ])("rejects %s", (_label, patch, field) => {
    expect(Object.keys(problems(memberPatchSchema, patch))).toContain(field);
  });

  it("names the unknown key", () => {
    expect(problems(memberPatchSchema, { role: "member", password: "x" })._form).toMatch(/password/);
  });
});
