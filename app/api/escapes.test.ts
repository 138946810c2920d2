// Item 11 of the security audit: a malformed percent-escape (invalid UTF-8, a lone or short `%`) in any
// route's or page's path or query answers 400 with a message, not Next's 500. Well-formed escapes pass.
import { NextRequest } from "next/server";
import { describe, expect, it } from "vitest";
import { appPaths } from "@/lib/testing/routes";
import { proxy } from "@/proxy";

const ORIGIN = "http://localhost:3000";
// %EF%BF%BD: U+FFFD, what Next turns a bad escape in the query into before the proxy sees it.
const MALFORMED = ["%ff", "%C3%28", "%E2%82", "%F0%9F%98", "%", "%z1", "%5", "a%", "%ED%A0%80", "%C0%AF", "%FE%FF", "%80"];
const MALFORMED_QUERY = [...MALFORMED, "%EF%BF%BD"];
const WELL_FORMED = ["%20", "%C3%A9", "%E2%82%AC", "%F0%9F%98%80", "a+b", "%25ff", "%2F"];

const run = (method: string, url: string) => proxy(new NextRequest(`${ORIGIN}${url}`, { method, headers: { origin: ORIGIN } }));
const targets = appPaths().flatMap((p) => p.methods.map((method) => [method, p.path] as const));

/** The path with its last segment (or a new one under "/") replaced by `part`. */
const withSegment = (path: string, part: string) => (path === "/" ? `/${part}` : path.replace(/[^/]*$/, part));

describe("malformed escapes", () => {
  it.each(targets)("%s %s: 400 for each malformed escape in the path and the query", async (method, path) => {
    const urls = [
      ...MALFORMED.map((bad) => withSegment(path, `x${bad}y`)),
      ...MALFORMED_QUERY.flatMap((bad) => [`${path}?q=${bad}`, `${path}?${bad}=1`, `${path}?a=1&cursor=${bad}&b`]),
    ];
    {
      for (const url of urls) {
        const response = run(method, url);
        expect(response.status, `${method} ${url}`).toBe(400);
        const body = await response.json();
        expect(body).toEqual({ error: { code: "bad_request:address", message: expect.stringMatching(/malformed/) } });
      }
    }
    for (const good of WELL_FORMED) {
      for (const url of [withSegment(path, `x${good}y`), `${path}?q=${good}`]) {
        expect(run(method, url).headers.get("x-middleware-next"), `${method} ${url}`).toBe("1");
      }
    }
  });
});
