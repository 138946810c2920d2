// Issue 45: where a link for someone else points. PUBLIC_BASE_URL when the admin set it (not the launcher's
// loopback stand-in); else the browser's Origin when it names a host the request was addressed to; else the
// host a trusted proxy forwards, or Host. A client outside TRUSTED_PROXIES cannot name a host of its own.
import { afterEach, describe, expect, it } from "vitest";
import { env } from "@/lib/env";
import { PEER_HEADER } from "./client";
import { linkOrigin } from "./public-origin";

const mutableEnv = env as { PUBLIC_BASE_URL: string | undefined; PUBLIC_BASE_URL_IMPLIED: boolean };
const saved = { PUBLIC_BASE_URL: env.PUBLIC_BASE_URL, PUBLIC_BASE_URL_IMPLIED: env.PUBLIC_BASE_URL_IMPLIED };
afterEach(() => Object.assign(mutableEnv, saved));

const h = (headers: Record<string, string>) => new Headers(headers);
const PROXY = ["10.0.0.1"];

describe("linkOrigin", () => {
  it("takes a browser's Origin when it names the request's Host, and says a loopback one opens here only", () => {
    expect(linkOrigin(h({ host: "localhost:3000", origin: "http://localhost:3000" }))).toEqual({
      origin: "http://localhost:3000",
      localOnly: true,
    });
    expect(linkOrigin(h({ host: "[::1]:3000", origin: "http://[::1]:3000" })).localOnly).toBe(true);
    expect(linkOrigin(h({ host: "127.0.0.2:3000" })).localOnly).toBe(true);
    expect(linkOrigin(h({ host: "darkroom.lan:3000", origin: "http://darkroom.lan:3000" }))).toEqual({
      origin: "http://darkroom.lan:3000",
      localOnly: false,
    });
  });

  it("ignores an Origin that names another host, and a page render without one uses Host", () => {
    expect(linkOrigin(h({ host: "localhost:3000", origin: "http://evil.example" })).origin).toBe("http://localhost:3000");
    expect(linkOrigin(h({ host: "localhost:3000", origin: "null" })).origin).toBe("http://localhost:3000");
    expect(linkOrigin(h({}), "127.0.0.1:3000").origin).toBe("http://127.0.0.1:3000");
  });

  it("believes X-Forwarded-Host and -Proto from a trusted proxy only", () => {
    const forwarded = { host: "127.0.0.1:3000", "x-forwarded-host": "darkroom.example.com", "x-forwarded-proto": "https" };
    expect(linkOrigin(h({ ...forwarded, [PEER_HEADER]: "10.0.0.1" }), undefined, PROXY)).toEqual({
      origin: "https://darkroom.example.com",
      localOnly: false,
    });
    expect(
      linkOrigin(h({ ...forwarded, [PEER_HEADER]: "10.0.0.1", origin: "https://darkroom.example.com" }), undefined, PROXY).origin,
    ).toBe("https://darkroom.example.com");
    // From anyone else, a named host counts for nothing, in X-Forwarded-Host or in an Origin that matches it.
    const untrusted = { ...forwarded, [PEER_HEADER]: "203.0.113.9", origin: "https://darkroom.example.com" };
    expect(linkOrigin(h(untrusted), undefined, PROXY)).toEqual({ origin: "http://127.0.0.1:3000", localOnly: true });
  });

  it("uses PUBLIC_BASE_URL the admin gave, and not the launcher's loopback stand-in", () => {
    const browser = h({ host: "localhost:3000", origin: "http://localhost:3000" });
    Object.assign(mutableEnv, { PUBLIC_BASE_URL: "http://127.0.0.1:3000", PUBLIC_BASE_URL_IMPLIED: true });
    expect(linkOrigin(browser).origin).toBe("http://localhost:3000");
    Object.assign(mutableEnv, { PUBLIC_BASE_URL: "https://darkroom.example.com", PUBLIC_BASE_URL_IMPLIED: false });
    expect(linkOrigin(browser)).toEqual({ origin: "https://darkroom.example.com", localOnly: false });
  });
});
