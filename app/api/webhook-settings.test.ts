// The webhook's Settings routes: set (public HTTPS only), shown masked, "Send test" answering at once with
// the outcome, failures listed with their scrubbed reason, changes in the audit log.
import { beforeAll, describe, expect, it } from "vitest";
import { DELETE, GET, PUT } from "@/app/api/settings/webhook/route";
import { POST as sendTest } from "@/app/api/settings/webhook/test/route";
import { database } from "@/lib/db";
import { listAudit } from "@/lib/db/audit";
import { setInstanceValue } from "@/lib/db/instance";
import { call, expectError, expectNoInternals, seedTeam, type Team } from "@/lib/testing/app";

let team: Team;
const admin = () => ({ cookie: team.admin.cookie });

beforeAll(async () => {
  team = await seedTeam();
});

describe("webhook settings", () => {
  it("refuses a private, loopback or plain-HTTP URL with a message saying why, and stores nothing", async () => {
    for (const [url, why] of [
      ["https://127.0.0.1:8080/hook", /loopback/],
      ["https://192.168.0.5/hook", /private/],
      ["http://93.184.216.34/hook", /not HTTPS/],
      ["not a url", /not a valid URL/],
    ] as const) {
      const response = await call(PUT, "/api/settings/webhook", { method: "PUT", ...admin(), body: { url } });
      expectError(response, 422, "invalid:webhook_url");
      expect(response.json.error.fields.url).toMatch(why);
    }
    expect((await call(GET, "/api/settings/webhook", admin())).json).toEqual({ target: null, deliveries: [] });
    expectError(await call(sendTest, "/api/settings/webhook/test", { method: "POST", ...admin() }), 409, "conflict:webhook_missing");
  });

  it("keeps a public URL, shows it masked, and records who set and removed it", async () => {
    const put = await call(PUT, "/api/settings/webhook", {
      method: "PUT",
      ...admin(),
      body: { url: "https://93.184.216.34/services/T1/B2/s3cr3t" },
    });
    expect(put.json.target).toBe("https://93.184.216.34/…");
    expect(JSON.stringify((await call(GET, "/api/settings/webhook", admin())).json)).not.toContain("s3cr3t");
    expect((await call(DELETE, "/api/settings/webhook", { method: "DELETE", ...admin() })).json.target).toBeNull();
    const actions = (await listAudit(database().db)).map((entry) => entry.action);
    expect(actions).toEqual(expect.arrayContaining(["webhook.set", "webhook.remove"]));
    expect(JSON.stringify(await listAudit(database().db))).not.toContain("s3cr3t");
  });

  it("sends a test at once and shows a refusal at send as a failed delivery", async () => {
    // As if the name had come to resolve to the local network after it was set: the send is refused.
    await setInstanceValue(database().db, { key: "webhook_url", value: "https://localhost/services/T1/B2/s3cr3t" });
    const response = await call(sendTest, "/api/settings/webhook/test", { method: "POST", ...admin() });
    expect(response.status).toBe(201);
    expect(response.json.delivery).toMatchObject({
      kind: "test",
      state: "failed",
      attempts: 1,
      lastError: "Refused: its address is not public (loopback).",
      lastAttemptAt: expect.any(String),
    });
    const listed = await call(GET, "/api/settings/webhook", admin());
    expect(listed.json.deliveries[0]).toEqual(response.json.delivery);
    expect(listed.json.target).toBe("https://localhost/…");
    expectNoInternals(listed.json);
  });
});
