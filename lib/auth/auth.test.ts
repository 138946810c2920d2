import { beforeAll, describe, expect, it } from "vitest";
import { POST as authRoute } from "@/app/api/auth/[...all]/route";
import { POST as setup } from "@/app/api/setup/route";
import { getAuth, SIGN_IN_LIMIT } from "@/lib/auth/auth";
import { database } from "@/lib/db";
import { call, migrated, ORIGIN } from "@/lib/testing/app";

const admin = { name: "Ada", email: "ada@example.com", password: "correct horse battery" };

function authRequest(path: string, body: unknown, headers: Record<string, string> = {}) {
  return getAuth().handler(
    new Request(`${ORIGIN}/api/auth${path}`, {
      method: "POST",
      headers: { origin: ORIGIN, "content-type": "application/json", "x-forwarded-for": "198.51.100.7", ...headers },
      body: JSON.stringify(body),
    }),
  );
}

describe("authentication hardening", () => {
  beforeAll(async () => {
    await migrated();
    expect((await call(setup, "/api/setup", { method: "POST", body: admin })).status).toBe(201);
  });

  it("stores passwords as Argon2id hashes", async () => {
    const account = await database()
      .db.selectFrom("account" as never)
      .select("password" as never)
      .executeTakeFirstOrThrow();
    expect(String((account as { password: string }).password)).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });

  it("has no self sign-up", async () => {
    const response = await authRequest("/sign-up/email", { name: "Eve", email: "eve@example.com", password: "some long password" });
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
  });

  it("refuses a sign-in posted from another site", async () => {
    const response = await authRequest(
      "/sign-in/email",
      { email: admin.email, password: admin.password },
      { origin: "https://evil.example" },
    );
    expect(response.status).toBe(403);
  });

  it("rate-limits sign-in attempts per address", async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < SIGN_IN_LIMIT.max + 2; attempt += 1) {
      const response = await authRequest(
        "/sign-in/email",
        { email: admin.email, password: "wrong password!" },
        { "x-forwarded-for": "192.0.2.44" },
      );
      statuses.push(response.status);
    }
    expect(statuses.slice(0, SIGN_IN_LIMIT.max).every((status) => status === 401)).toBe(true);
    expect(statuses.slice(SIGN_IN_LIMIT.max)).toEqual([429, 429]);
    // Another address is not affected.
    expect(
      (await authRequest("/sign-in/email", { email: admin.email, password: admin.password }, { "x-forwarded-for": "192.0.2.45" })).status,
    ).toBe(200);
  });

  it("limits sign-in per account too, whatever address the client claims", async () => {
    const attempt = (ip: string, password: string) =>
      authRoute(
        new Request(`${ORIGIN}/api/auth/sign-in/email`, {
          method: "POST",
          headers: { origin: ORIGIN, "content-type": "application/json", "x-forwarded-for": ip },
          body: JSON.stringify({ email: "ADA@example.com", password }),
        }),
      );
    // A correct password clears the count, so the limit only bites on a run of failures.
    expect((await attempt("10.1.0.1", admin.password)).status).toBe(200);
    const statuses: number[] = [];
    for (let i = 0; i < SIGN_IN_LIMIT.max + 2; i += 1) statuses.push((await attempt(`10.2.0.${i}`, "wrong password!")).status);
    expect(statuses.slice(0, SIGN_IN_LIMIT.max).every((status) => status === 401)).toBe(true);
    expect(statuses.slice(SIGN_IN_LIMIT.max)).toEqual([429, 429]);
    const refused = await attempt("10.3.0.1", admin.password);
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toBe(String(SIGN_IN_LIMIT.window));
    expect((await refused.json()).message).toMatch(/wait a minute/);
  });
});
