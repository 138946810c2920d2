import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { POST as authRoute } from "@/app/api/auth/[...all]/route";
import { POST as setup } from "@/app/api/setup/route";
import { ACCOUNT, ADDRESS, delaySeconds } from "@/lib/auth/sign-in-throttle";
import { database } from "@/lib/db";
import { readBackoffs } from "@/lib/db/sign-in-backoff";
import { PEER_HEADER } from "@/lib/http/client";
import { call, migrated, ORIGIN } from "@/lib/testing/app";

const admin = { name: "Ada", email: "ada@example.com", password: "correct horse battery" };

function authRequest(path: string, body: unknown, headers: Record<string, string> = {}) {
  return authRoute(
    new Request(`${ORIGIN}/api/auth${path}`, {
      method: "POST",
      headers: { origin: ORIGIN, "content-type": "application/json", [PEER_HEADER]: "198.51.100.7", ...headers },
      body: JSON.stringify(body),
    }),
  );
}

describe("authentication hardening", () => {
  beforeAll(async () => {
    await migrated();
    expect((await call(setup, "/api/setup", { method: "POST", body: admin })).status).toBe(201);
  });
  // The limits count seconds between attempts: on a stopped clock a slow machine (Argon2 took over a second an
  // attempt with every core busy) cannot outwait a 1 s delay between two attempts; a test moves time on itself.
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["Date"] });
  });
  afterEach(() => {
    vi.useRealTimers();
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

  it("slows sign-in per client address: free failures, then a growing wait it names; other addresses unaffected", async () => {
    const statuses: number[] = [];
    // Different accounts each time, so only the address limit can bite.
    for (let attempt = 0; attempt < ADDRESS.free + 1; attempt += 1) {
      const response = await authRequest(
        "/sign-in/email",
        { email: `nobody${attempt}@example.com`, password: "wrong password!" },
        { [PEER_HEADER]: "192.0.2.44" },
      );
      statuses.push(response.status);
    }
    expect(statuses.slice(0, ADDRESS.free)).toEqual(Array(ADDRESS.free).fill(401));
    const slowed = statuses[ADDRESS.free];
    expect(slowed).toBe(429);
    const again = await authRequest("/sign-in/email", { email: admin.email, password: admin.password }, { [PEER_HEADER]: "192.0.2.44" });
    expect(again.status).toBe(429);
    expect(Number(again.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    expect((await again.json()).message).toMatch(/^Too many failed sign-ins\. Try again in \d+ seconds?\.$/);
    // A made-up X-Forwarded-For from an untrusted peer changes nothing.
    const spoofed = await authRequest(
      "/sign-in/email",
      { email: admin.email, password: admin.password },
      { [PEER_HEADER]: "192.0.2.44", "x-forwarded-for": "203.0.113.99" },
    );
    expect(spoofed.status).toBe(429);
    // Another address is not affected.
    expect(
      (await authRequest("/sign-in/email", { email: admin.email, password: admin.password }, { [PEER_HEADER]: "192.0.2.45" })).status,
    ).toBe(200);
  });

  it("slows sign-in per account whatever the address, and never locks the member out", async () => {
    const attempt = (ip: string, password: string) =>
      authRequest("/sign-in/email", { email: "ADA@example.com", password }, { [PEER_HEADER]: ip });
    expect((await attempt("10.1.0.1", admin.password)).status).toBe(200);
    const statuses: number[] = [];
    for (let i = 0; i < ACCOUNT.free + 1; i += 1) statuses.push((await attempt(`10.2.0.${i}`, "wrong password!")).status);
    expect(statuses.slice(0, ACCOUNT.free)).toEqual(Array(ACCOUNT.free).fill(401));
    expect(statuses[ACCOUNT.free]).toBe(429);
    const refused = await attempt("10.3.0.1", admin.password);
    expect(refused.status).toBe(429);
    const wait = Number(refused.headers.get("retry-after"));
    expect(wait).toBeGreaterThanOrEqual(1);
    expect((await refused.json()).message).toContain(`Try again in ${wait} second`);
    // Slowed, not locked: after the wait the member signs in.
    vi.setSystemTime(Date.now() + wait * 1000 + 100);
    expect((await attempt("10.3.0.1", admin.password)).status).toBe(200);
    // Counted when let through, a success is taken back: the address has no failure to its name.
    const [address] = await readBackoffs(database().db, { keys: ["address:10.3.0.1"] });
    expect(address?.failures ?? 0).toBe(0);
  });

  // Issue 25: the check and the count of an attempt are one step, so parallel guesses cannot slip past the limit.
  const judged = (responses: Response[]) => {
    const statuses = responses.map((response) => response.status);
    expect(statuses.filter((status) => status !== 401 && status !== 429)).toEqual([]);
    return statuses.filter((status) => status === 401).length;
  };

  it("checks exactly ACCOUNT.free of 40 parallel guesses at one account (each from its own address)", async () => {
    const guesses = Array.from({ length: 40 }, (_, i) =>
      authRequest("/sign-in/email", { email: "raced@example.com", password: "wrong password!" }, { [PEER_HEADER]: `10.40.0.${i + 1}` }),
    );
    expect(judged(await Promise.all(guesses))).toBe(ACCOUNT.free);
  });

  it("checks exactly ADDRESS.free of 40 parallel guesses from one address (each at its own account)", async () => {
    const guesses = Array.from({ length: 40 }, (_, i) =>
      authRequest("/sign-in/email", { email: `raced${i}@example.com`, password: "wrong password!" }, { [PEER_HEADER]: "192.0.2.88" }),
    );
    expect(judged(await Promise.all(guesses))).toBe(ADDRESS.free);
  });

  it("caps the wait: an attacker can slow a member by at most ACCOUNT.maxDelay seconds an attempt", () => {
    expect([1, 5, 6, 7, 8, 10, 100].map((failures) => delaySeconds(ACCOUNT, failures))).toEqual([0, 1, 2, 4, 8, 30, 30]);
    expect(delaySeconds(ADDRESS, 1000)).toBe(ADDRESS.maxDelay);
  });
});
