// Calls the app's route handlers the way Next does (a Request and a params promise), with a session
// cookie jar per member, against the real database and better-auth. No HTTP server needed.
import { sql } from "kysely";
import { expect } from "vitest";
import { POST as authRoute } from "@/app/api/auth/[...all]/route";
import { PATCH as memberRoute } from "@/app/api/members/[id]/route";
import { POST as membersRoute } from "@/app/api/members/route";
import { POST as setupRoute } from "@/app/api/setup/route";
import { database } from "@/lib/db";
import { PEER_HEADER } from "@/lib/http/client";
import type { Role } from "@/lib/members/roles";
import type { Member } from "@/lib/members/schemas";
import { migrate } from "@/lib/migrate";

type Handler = (request: Request, context: { params: Promise<Record<string, string>> }) => Promise<Response>;

export const ORIGIN = "http://localhost:3000";

export async function migrated(): Promise<void> {
  await migrate();
}

/**
 * For a file that tests migrating itself: on Postgres, each file's database starts as a copy of a migrated
 * template (lib/testing/setup-postgres.ts), so this empties it; on SQLite the file's database is new and empty.
 */
export async function unmigrated(): Promise<void> {
  const { db, dialect } = database();
  if (dialect !== "postgres") return;
  await sql`drop schema public cascade`.execute(db);
  await sql`create schema public`.execute(db);
}

export interface Call {
  method?: string;
  body?: unknown;
  /** Raw body text, sent as is (for malformed JSON). */
  raw?: string;
  cookie?: string;
  params?: Record<string, string>;
  headers?: Record<string, string>;
}

export async function call(handler: Handler, path: string, { method = "GET", body, raw, cookie, params = {}, headers = {} }: Call = {}) {
  const init: RequestInit = {
    method,
    headers: {
      origin: ORIGIN,
      ...(body !== undefined || raw !== undefined ? { "content-type": "application/json" } : {}),
      ...(cookie ? { cookie } : {}),
      ...headers,
    },
    ...(body !== undefined ? { body: JSON.stringify(body) } : raw !== undefined ? { body: raw } : {}),
  };
  const response = await handler(new Request(`${ORIGIN}${path}`, init), { params: Promise.resolve(params) });
  const text = response.headers.get("content-type")?.startsWith("text/event-stream") ? await firstChunk(response) : await response.text();
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = text;
  }
  // Tests read whatever shape they expect from the body; `any` keeps each assertion free of casts.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return { status: response.status, json: json as Record<string, any>, headers: response.headers };
}

/** An event stream never ends by itself: read what it sends first, then hang up. */
async function firstChunk(response: Response): Promise<string> {
  const reader = response.body!.getReader();
  const { value } = await reader.read();
  await reader.cancel();
  return new TextDecoder().decode(value);
}

/**
 * Signs in through the auth route, as a browser connected from `ip` would (the peer header is what the
 * launcher's preload stamps), and returns the Cookie header to send.
 */
export async function signIn(email: string, password: string, ip = "203.0.113.1"): Promise<string> {
  const response = await authRoute(
    new Request(`${ORIGIN}/api/auth/sign-in/email`, {
      method: "POST",
      headers: { origin: ORIGIN, "content-type": "application/json", [PEER_HEADER]: ip },
      body: JSON.stringify({ email, password }),
    }),
  );
  if (response.status !== 200) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
  return cookieHeader(response);
}

export function cookieHeader(response: { headers: Headers }): string {
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .join("; ");
}

// ---- Shared fixtures for the API and data-access tests (appended; the helpers above are unchanged) ----

export const ADMIN = { name: "Ada Admin", email: "ada@example.com", password: "correct horse battery" };
export const MEMBER_PASSWORD = "member password 1";

let nextAddress = 0;
/** A fresh client address per sign-in, so a file's sign-ins never meet better-auth's per-address limit. */
export function freshIp(): string {
  nextAddress += 1;
  return `198.18.${Math.floor(nextAddress / 250)}.${(nextAddress % 250) + 1}`;
}

export interface Signed {
  member: Member;
  cookie: string;
}

/** Migrates, then creates the first admin through POST /api/setup (which signs them in). */
export async function setupAdmin(input = ADMIN): Promise<Signed> {
  await migrated();
  const response = await call(setupRoute, "/api/setup", { method: "POST", body: input });
  if (response.status !== 201) throw new Error(`setup failed: ${response.status} ${JSON.stringify(response.json)}`);
  return { member: response.json.member as Member, cookie: cookieHeader(response) };
}

/** Adds a member through POST /api/members as the given admin, then signs them in. */
export async function addSignedIn(
  adminCookie: string,
  { role, email, name = email.split("@")[0]! }: { role: Role; email: string; name?: string },
): Promise<Signed> {
  const response = await call(membersRoute, "/api/members", {
    method: "POST",
    cookie: adminCookie,
    body: { name, email, password: MEMBER_PASSWORD, role },
  });
  if (response.status !== 201) throw new Error(`add member failed: ${response.status} ${JSON.stringify(response.json)}`);
  return { member: response.json.member as Member, cookie: await signIn(email, MEMBER_PASSWORD, freshIp()) };
}

export interface Team {
  admin: Signed;
  member: Signed;
  viewer: Signed;
  /** Signed in, then disabled by the admin: the cookie is stale. */
  disabled: Signed;
}

/** An admin, a member, a viewer and a disabled member, each with a session cookie. */
export async function seedTeam(): Promise<Team> {
  const admin = await setupAdmin();
  const member = await addSignedIn(admin.cookie, { role: "member", email: "mo@example.com" });
  const viewer = await addSignedIn(admin.cookie, { role: "viewer", email: "vi@example.com" });
  const disabled = await addSignedIn(admin.cookie, { role: "member", email: "dee@example.com" });
  const patch = await call(memberRoute, "/api/members/x", {
    method: "PATCH",
    cookie: admin.cookie,
    params: { id: disabled.member.id },
    body: { disabled: true },
  });
  if (patch.status !== 200) throw new Error(`disable failed: ${patch.status}`);
  return { admin, member, viewer, disabled: { member: patch.json.member as Member, cookie: disabled.cookie } };
}

async function countRows(table: string): Promise<number> {
  const { rows } = await sql<{ count: number | string }>`select count(*) as count from ${sql.table(table)}`.execute(database().db);
  return Number(rows[0]?.count ?? 0);
}

/** Row counts of everything a request could leave behind, including users that have no password account. */
export async function storedCounts() {
  const { rows } = await sql<{ count: number | string }>`select count(*) as count from ${sql.table("user")} as u
    where not exists (select 1 from ${sql.table("account")} as a where ${sql.ref("a.userId")} = ${sql.ref("u.id")})`.execute(database().db);
  const [users = 0, accounts = 0, sessions = 0, audit = 0, instance = 0] = await Promise.all(
    ["user", "account", "session", "audit_log", "instance"].map(countRows),
  );
  return { users, accounts, sessions, audit, instance, usersWithoutAccount: Number(rows[0]?.count ?? 0) };
}

/** The one error shape: `{ error: { code, message, fields? } }` and nothing else. */
export function expectError(
  response: { status: number; json: Awaited<ReturnType<typeof call>>["json"] },
  status: number,
  code: string,
): void {
  expect({ status: response.status, code: response.json?.error?.code }).toEqual({ status, code });
  expect(Object.keys(response.json)).toEqual(["error"]);
  expect(typeof response.json.error.message).toBe("string");
  expect(response.json.error.message.length).toBeGreaterThan(0);
  expect(Object.keys(response.json.error).every((key) => ["code", "message", "fields"].includes(key))).toBe(true);
}

/** Things that must never reach a client: keys, upstream or loopback URLs, stack frames, SQL. */
export const INTERNALS = [
  /sk-/,
  /http:\/\/127\.0\.0\.1/,
  /\bat \S+ \(|\bat (file|node):|\.[cm]?[jt]s:\d+:\d+/,
  /\b(select|insert into|update|delete from)\b.*\b(from|set|values|where)\b/i,
  /SQLITE_|duplicate key|violates/i,
];

export function expectNoInternals(body: unknown): void {
  const text = typeof body === "string" ? body : JSON.stringify(body ?? "");
  for (const pattern of INTERNALS) expect(text, `response leaks ${pattern}`).not.toMatch(pattern);
}
