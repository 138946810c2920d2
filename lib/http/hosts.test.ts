// Issue 44, finding 4: Darkroom answers only the hosts it is known by (DNS rebinding sends the attacker's
// name as Host). The rule itself; lib/launcher/front-hosts.test.ts applies it over HTTP.
import { describe, expect, it } from "vitest";
import { parseEnv } from "@/lib/env";
import {
  describeServedHosts,
  invalidHostEntries,
  isHealthCheck,
  isServedHost,
  misdirected,
  parseHostEntry,
  servedHosts,
} from "./hosts.mjs";

const none = servedHosts({});

describe("hosts served", () => {
  it("serves loopback names on any port, and nothing else by default", () => {
    for (const host of [
      "localhost",
      "localhost:3000",
      "LOCALHOST.:3100",
      "127.0.0.1",
      "127.0.0.1:3000",
      "127.8.9.10:1",
      "[::1]",
      "[::1]:3000",
    ])
      expect(isServedHost(none, host), host).toBe(true);
    for (const host of [
      "rebind.attacker.test:3912",
      "localhost.attacker.test",
      "127.0.0.1.nip.io",
      "128.0.0.1",
      "127.0.0.256",
      "0.0.0.0:3000",
      "[::2]",
      "192.168.1.20:3000",
      "",
      "localhost:3000:1",
      "local host",
    ])
      expect(isServedHost(none, host), host).toBe(false);
    expect(isServedHost(none, undefined)).toBe(false);
  });

  it("serves PUBLIC_BASE_URL's host on any port", () => {
    const rule = servedHosts({ publicBaseUrl: "https://Darkroom.Example.com" });
    expect(isServedHost(rule, "darkroom.example.com")).toBe(true);
    expect(isServedHost(rule, "darkroom.example.com:8443")).toBe(true);
    expect(isServedHost(rule, "other.example.com")).toBe(false);
    expect(isServedHost(rule, "x.darkroom.example.com")).toBe(false);
  });

  it("serves ALLOWED_HOSTS: a name on any port, name:port on that port only, *. and . for subdomains", () => {
    const rule = servedHosts({
      allowedHosts: ["darkroom.lan", "192.168.1.20:3000", "*.team.example", ".corp.example", "fe80::1", "[fd00::2]:3000"],
    });
    const served = [
      "darkroom.lan",
      "darkroom.lan:8080",
      "192.168.1.20:3000",
      "a.team.example",
      "a.b.corp.example:443",
      "[fe80::1]:3000",
      "[fd00::2]:3000",
    ];
    for (const host of served) expect(isServedHost(rule, host), host).toBe(true);
    const refused = ["192.168.1.20", "192.168.1.20:3001", "team.example", "corp.example", "evilteam.example", "[fd00::2]"];
    for (const host of refused) expect(isServedHost(rule, host), host).toBe(false);
  });

  it("serves the specific address HOST listens on, not 0.0.0.0 or ::", () => {
    expect(isServedHost(servedHosts({ listenHost: "192.168.1.20" }), "192.168.1.20:3000")).toBe(true);
    expect(servedHosts({ listenHost: "0.0.0.0" }).patterns).toEqual([]);
    expect(servedHosts({ listenHost: "::" }).patterns).toEqual([]);
    expect(servedHosts({ listenHost: "127.0.0.1" }).patterns).toEqual([]);
  });

  it("refuses ALLOWED_HOSTS entries that are not host names, naming them at start-up", () => {
    expect(invalidHostEntries(["ok.example", "https://darkroom.example", "*", "a b", "x:99999", "*.[::1]", "host:port"])).toEqual([
      "https://darkroom.example",
      "*",
      "a b",
      "x:99999",
      "*.[::1]",
      "host:port",
    ]);
    expect(parseHostEntry(" Darkroom.Example:3000 ")).toEqual({ name: "darkroom.example", port: "3000", subdomains: false });
    expect(parseEnv({ ALLOWED_HOSTS: " a.example , b.example:3000 ," }).ALLOWED_HOSTS).toEqual(["a.example", "b.example:3000"]);
    expect(parseEnv({}).ALLOWED_HOSTS).toEqual([]);
    expect(() => parseEnv({ ALLOWED_HOSTS: "a.example, https://b.example" })).toThrow(
      /ALLOWED_HOSTS must be host names.*'https:\/\/b.example'/,
    );
  });

  it("exempts exactly the health checks, which load balancers send with an IP or service name as host", () => {
    for (const path of ["/api/health", "/api/health/live", "/api/health/ready?x=1", "/api/health/ready/"])
      expect(isHealthCheck(path), path).toBe(true);
    for (const path of [
      "/api/health/../setup",
      "/api/health/%2e%2e/setup",
      "/api/healthz",
      "/api/health/ready/x",
      "//api/health",
      "/api/setup",
    ])
      expect(isHealthCheck(path), path).toBe(false);
  });

  it("answers 421 in JSON for the API and the gateway, in plain text elsewhere, naming the setting", () => {
    const api = misdirected("rebind.attacker.test:3912", "/api/setup");
    expect(api.contentType).toBe("application/json");
    expect(JSON.parse(api.body)).toEqual({
      error: {
        code: "misdirected:host",
        message: expect.stringMatching(/does not serve the host 'rebind\.attacker\.test:3912'.*ALLOWED_HOSTS.*PUBLIC_BASE_URL/),
      },
    });
    expect(misdirected("x", "/v1/images/generations").contentType).toBe("application/json");
    const page = misdirected("x<script>\u00e9", "/s/abc?q=1");
    expect(page.contentType).toBe("text/plain; charset=utf-8");
    expect(page.body).toMatch(/^421 Misdirected Request\n\nThis Darkroom does not serve the host 'x<script>\?'/);
    expect(misdirected(undefined, "/").body).toContain("host '(none)'");
  });

  it("says in the start-up log which hosts are served", () => {
    expect(describeServedHosts(none)).toBe(
      "Serving the hosts localhost, 127.0.0.0/8, [::1] (loopback), each on any port unless one is named. Any other host gets 421: add it to ALLOWED_HOSTS.",
    );
    const rule = servedHosts({
      publicBaseUrl: "https://darkroom.example.com",
      listenHost: "192.168.1.20",
      allowedHosts: ["darkroom.lan:3000", ".team.example"],
    });
    expect(describeServedHosts(rule)).toBe(
      "Serving the hosts localhost, 127.0.0.0/8, [::1] (loopback); darkroom.example.com (PUBLIC_BASE_URL); 192.168.1.20 (HOST); " +
        "darkroom.lan:3000, *.team.example (ALLOWED_HOSTS), each on any port unless one is named. Any other host gets 421: add it to ALLOWED_HOSTS.",
    );
  });
});
