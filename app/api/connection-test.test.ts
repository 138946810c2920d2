// The connection check (issue 14, item 5): admins only, one request from the shared rate budget, and its
// answer kept so neither a page view nor a pressed button spends the key's requests again and again.
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { POST as connectionTest } from "@/app/api/settings/connection-test/route";
import { emulatorForFile } from "@/emulator/testing";
import { database } from "@/lib/db";
import { countSentSince, recordSent } from "@/lib/db/rate";
import { call, seedTeam, type Team } from "@/lib/testing/app";
import { checkConnection, forgetConnectionChecks, TEST_MAX_AGE_MS } from "@/lib/upstream/connection-check";
import { BUDGET, keyIdOf } from "@/lib/tasks/engine/rate-budget";

const emulator = emulatorForFile();
let team: Team;
const sent = (apiKey: string) =>
  countSentSince(database().db, { keyId: keyIdOf(apiKey), since: new Date(Date.now() - 60_000).toISOString() });

beforeAll(async () => {
  team = await seedTeam();
});
beforeEach(() => forgetConnectionChecks());

describe("POST /api/settings/connection-test", () => {
  it("is refused to viewers and members, who cannot spend the key's requests", async () => {
    for (const who of ["viewer", "member"] as const) {
      const response = await call(connectionTest, "/api/settings/connection-test", { method: "POST", cookie: team[who].cookie });
      expect(response.status).toBe(403);
      expect(response.json.error.message).toMatch(/admin/);
    }
    const admin = await call(connectionTest, "/api/settings/connection-test", { method: "POST", cookie: team.admin.cookie });
    expect(admin.status).toBe(200);
  });
});

describe("checkConnection", () => {
  it("takes its request from the shared budget and answers again from memory within 10 s", async () => {
    const emu = emulator();
    const { apiKey } = await emu.account();
    const config = { baseUrl: emu.url, apiKey };
    let clock = Date.now();
    const first = await checkConnection({ connection: database(), maxAgeMs: TEST_MAX_AGE_MS, config, now: () => clock });
    expect(first).toMatchObject({ state: "ok", cached: false });
    expect(await sent(apiKey)).toBe(1);

    // Were a second press to reach the upstream, it would now see a rejected key.
    await emu.faults([{ path: "/v1/tasks/", kind: "status", status: 401, times: 5 }]);
    clock += TEST_MAX_AGE_MS - 1;
    const again = await checkConnection({ connection: database(), maxAgeMs: TEST_MAX_AGE_MS, config, now: () => clock });
    expect(again).toMatchObject({ state: "ok", cached: true, checkedAt: first.checkedAt });
    expect(await sent(apiKey)).toBe(1);

    clock += 2;
    const later = await checkConnection({ connection: database(), maxAgeMs: TEST_MAX_AGE_MS, config, now: () => clock });
    expect(later).toMatchObject({ state: "key_rejected", cached: false });
    expect(await sent(apiKey)).toBe(2);
  });

  it("sends nothing when the budget is in use by generations", async () => {
    const emu = emulator();
    const { apiKey } = await emu.account();
    const at = new Date().toISOString();
    for (let i = 0; i < BUDGET.low; i += 1) await recordSent(database().db, { keyId: keyIdOf(apiKey), at });
    await emu.faults([{ path: "/v1/tasks/", kind: "status", status: 401, times: 5 }]);
    const result = await checkConnection({ connection: database(), maxAgeMs: TEST_MAX_AGE_MS, config: { baseUrl: emu.url, apiKey } });
    expect(result.state).toBe("rate_limited");
    expect(result.message).toMatch(/try again in \d+ s/);
    expect(await sent(apiKey)).toBe(BUDGET.low);
  });
});
