// Trusted origins: the dashboard's upload links are accepted over http on loopback and fetched at creation
// (as a provider would), every fetch visible on the control API; the https rule stays for everything else.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BODIES, emulatorForFile } from "./testing";
import { parseTrustedOrigins } from "./inputs";

let site: Server;
let origin = "";
let png: Buffer;
const hits: string[] = [];

beforeAll(async () => {
  png = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#08f" } })
    .png()
    .toBuffer();
  site = createServer((req, res) => {
    hits.push(req.url ?? "");
    if (req.url === "/u/ok.png") res.writeHead(200, { "content-type": "image/png" }).end(png);
    else if (req.url === "/u/text.png") res.writeHead(200, { "content-type": "text/plain" }).end("hello");
    else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => site.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => site.close(() => resolve())));

// The origin is known only once the site listens: the emulator starts trusting nothing and is told at run time.
const emu = emulatorForFile();

describe("trusted image inputs", () => {
  beforeAll(async () => {
    const answer = await emu().control("PUT", "/trusted-origins", { origins: [origin] });
    expect(answer.body).toEqual({ origins: [origin] });
  });

  it("accepts a trusted http input, fetches it before charging, and logs the fetch", async () => {
    const { apiKey } = await emu().account();
    const url = `${origin}/u/ok.png`;
    const task = await emu().createTask("images", apiKey, { ...BODIES.gamma(), image_urls: [url] });
    expect(task.credits_reserved).toBe(44);
    expect(hits).toContain("/u/ok.png");
    const { fetches } = (await emu().control("GET", "/input-fetches")).body;
    expect(fetches).toContainEqual(
      expect.objectContaining({ url, field: "image_urls.0", status: 200, contentType: "image/png", bytes: png.length, ok: true }),
    );
  });

  it.each([
    ["/u/missing.png", /answered HTTP 404/],
    ["/u/text.png", /not a PNG, JPEG or WebP image/],
  ])("refuses a trusted input it cannot fetch as an image (%s) with a 422 naming the field, charging nothing", async (path, why) => {
    const { apiKey } = await emu().account();
    const res = await emu().create("images", apiKey, { ...BODIES.gamma(), image_urls: [`${origin}/u/ok.png`, `${origin}${path}`] });
    expect(res.status).toBe(422);
    expect(res.body.error).toMatchObject({ code: "invalid_request", field: "image_urls.1" });
    expect(res.body.error.message).toMatch(why);
    expect(await emu().credits(apiKey)).toBe(100_000);
  });

  it("keeps the https rule for every other origin, loopback included", async () => {
    const { apiKey } = await emu().account();
    const res = await emu().create("images", apiKey, { ...BODIES.gamma(), image_urls: ["http://127.0.0.1:9/u/ok.png"] });
    expect(res.status).toBe(422);
    expect(res.body.error.message).toMatch(/public HTTPS URL/);
    expect((await emu().control("GET", "/input-fetches")).body.fetches.map((f: { url: string }) => f.url)).not.toContain(
      "http://127.0.0.1:9/u/ok.png",
    );
  });

  it("refuses a list that is not origins, and reset restores the start list", async () => {
    expect((await emu().control("PUT", "/trusted-origins", { origins: ["http://x.example/path"] })).status).toBe(422);
    expect((await emu().control("POST", "/reset")).status).toBe(204);
    expect((await emu().control("GET", "/trusted-origins")).body).toEqual({ origins: [] });
    expect((await emu().control("GET", "/input-fetches")).body).toEqual({ fetches: [] });
  });

  it("reads EMULATOR_TRUSTED_ORIGINS", () => {
    expect(parseTrustedOrigins(" http://127.0.0.1:3000, https://darkroom.example.com/ ")).toEqual([
      "http://127.0.0.1:3000",
      "https://darkroom.example.com",
    ]);
    expect(parseTrustedOrigins(undefined)).toEqual([]);
    expect(() => parseTrustedOrigins("127.0.0.1:3000")).toThrow(/not an origin/);
  });
});
