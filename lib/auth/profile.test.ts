// What a member may change about themselves through better-auth's update-user: the display name, 1–100
// characters, and nothing else (role, status, email and image stay with the admin). Bad shapes are 4xx.
import { beforeAll, describe, expect, it } from "vitest";
import { POST as authRoute } from "@/app/api/auth/[...all]/route";
import { GET as me } from "@/app/api/me/route";
import { NAME_CONTROL_MESSAGE } from "@/lib/members/schemas";
import { call, seedTeam, type Team } from "@/lib/testing/app";

let team: Team;

const update = (cookie: string, body: unknown) =>
  call(authRoute, "/api/auth/update-user", { method: "POST", cookie, raw: JSON.stringify(body) });

describe("update-user", () => {
  beforeAll(async () => {
    team = await seedTeam();
  });

  it("changes the name, trimmed", async () => {
    const response = await update(team.member.cookie, { name: "  Mo Renamed " });
    expect(response.status).toBe(200);
    expect((await call(me, "/api/me", { cookie: team.member.cookie })).json.user.name).toBe("Mo Renamed");
  });

  it.each<[string, unknown]>([
    ["a 5 MB name", { name: "x".repeat(5 * 1024 * 1024) }],
    ["a 101-character name", { name: "x".repeat(101) }],
    ["an empty name", { name: "   " }],
    ["null", null],
    ["an array", [{ name: "x" }]],
    ["a number for the name", { name: 5 }],
    ["a role", { name: "Mo", role: "admin" }],
    ["the disabled flag", { disabled: false }],
    ["an image", { image: "https://evil.example/x.png" }],
    ["an email", { email: "other@example.com" }],
  ])("refuses %s with a 4xx and changes nothing", async (_label, body) => {
    const before = (await call(me, "/api/me", { cookie: team.viewer.cookie })).json.user;
    const response = await update(team.viewer.cookie, body);
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
    expect(typeof response.json.message).toBe("string");
    expect((await call(me, "/api/me", { cookie: team.viewer.cookie })).json.user).toEqual(before);
  });

  // Issue 25, finding 4: a NUL was accepted (and Postgres cannot store one); no control character belongs in a name.
  it.each([
    ["a NUL", "Mo\u0000Renamed"],
    ["a line break", "Mo\n=cmd()"],
    ["a carriage return", "Mo\r"],
    ["a tab", "Mo\tRenamed"],
    ["U+001F", "Mo\u001f"],
    ["DEL (U+007F)", "Mo\u007f"],
  ])("refuses a name with %s: 400 naming the name, nothing changed", async (_label, name) => {
    const before = (await call(me, "/api/me", { cookie: team.viewer.cookie })).json.user;
    const response = await update(team.viewer.cookie, { name });
    expect(response.status).toBe(400);
    expect(response.json).toEqual({ code: "INVALID_REQUEST", message: NAME_CONTROL_MESSAGE });
    expect((await call(me, "/api/me", { cookie: team.viewer.cookie })).json.user).toEqual(before);
  });

  it("offers no other self-service endpoint (change-email, delete-user)", async () => {
    for (const path of ["/api/auth/change-email", "/api/auth/delete-user"]) {
      const response = await call(authRoute, path, { method: "POST", cookie: team.member.cookie, body: { newEmail: "x@example.com" } });
      expect(response.status, path).toBe(404);
    }
    expect((await call(me, "/api/me", { cookie: team.member.cookie })).json.user.email).toBe("mo@example.com");
  });
});
