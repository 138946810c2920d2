import { request as httpRequest } from "node:http";
import { SIGNED_OUT } from "./support/accounts";
import { expect, test } from "./support/fixtures";

// The security headers as a real server sends them: the app refuses to be framed, its pages run under a
// nonce-based CSP (the shared fixture fails any journey with a CSP violation), malformed addresses are 400,
// cross-site writes 403, and a large chunked body without a session is refused.

const PAGES = ["/", "/tasks", "/generate", "/credits", "/settings", "/settings/members"];

test("every page is served with the CSP, its scripts carry the nonce, and the page still works", async ({ page }) => {
  for (const path of PAGES) {
    const response = await page.goto(path);
    const headers = response!.headers();
    const nonce = /'nonce-([^']+)'/.exec(headers["content-security-policy"] ?? "")?.[1];
    expect(nonce, path).toBeTruthy();
    expect(headers["content-security-policy"]).toContain("frame-ancestors 'none'");
    expect(headers["content-security-policy"]).not.toContain("unsafe-eval");
    expect(headers["x-frame-options"]).toBe("DENY");
    expect(headers["x-content-type-options"]).toBe("nosniff");
    expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    expect(headers["cross-origin-opener-policy"]).toBe("same-origin");
    expect(headers["permissions-policy"]).toContain("camera=()");
    // Every script in the HTML as sent carries this response's nonce (the chunks Next adds later run
    // through 'strict-dynamic'; the shared fixture fails the test on any violation).
    const tags = (await response!.text()).match(/<script\b[^>]*>/g) ?? [];
    expect(tags.length, path).toBeGreaterThan(0);
    expect(
      tags.filter((tag) => !tag.includes(`nonce="${nonce}"`)),
      `${path}: scripts without the nonce`,
    ).toEqual([]);
    await expect(page.getByRole("main")).toBeVisible();
  }
  // Hydrated under the policy: a client-side navigation works.
  await page.goto("/");
  await page.getByRole("link", { name: "Tasks" }).first().click();
  await expect(page).toHaveURL("/tasks");
});

test("API answers carry the headers and private ones are not cached", async ({ page }) => {
  for (const path of ["/api/me", "/api/tasks", "/api/queue"]) {
    const response = await page.request.get(path);
    expect(response.status(), path).toBe(200);
    expect(response.headers()["cache-control"], path).toBe("no-store");
    expect(response.headers()["x-content-type-options"], path).toBe("nosniff");
    expect(response.headers()["content-security-policy"], path).toContain("frame-ancestors 'none'");
  }
});

test("the app refuses to be framed by another site", async ({ browser, baseURL }) => {
  // Its own context: the refusal is a CSP report, which the shared fixture would count against the test.
  const context = await browser.newContext({ storageState: SIGNED_OUT });
  const page = await context.newPage();
  const refusals: string[] = [];
  page.on("console", (message) => refusals.push(message.text()));
  await page.route("http://attacker.test/", (route) =>
    route.fulfill({ contentType: "text/html", body: `<h1>Win a prize</h1><iframe name="victim" src="${baseURL}/sign-in"></iframe>` }),
  );
  await page.goto("http://attacker.test/");
  const victim = page.frame({ name: "victim" })!;
  // Chromium reports the refusal in the framing page's console and shows its error page in the frame.
  await expect.poll(() => `${victim.url()}\n${refusals.join("\n")}`).toMatch(/chrome-error:|frame-ancestors|X-Frame-Options/);
  await expect(victim.getByRole("heading", { name: "Sign in to Darkroom" })).toHaveCount(0);
  await expect(page.getByRole("heading", { name: "Win a prize" })).toBeVisible();
  await context.close();
});

test("malformed escapes answer 400, cross-site writes 403", async ({ page }) => {
  for (const path of ["/api/tasks/%ff", "/tasks/%C3%28", "/api/tasks?q=%ff", "/api/media/x/%E2%82"]) {
    const response = await page.request.get(path);
    expect(response.status(), path).toBe(400);
    expect((await response.json()).error.code).toBe("bad_request:address");
  }
  const forged = await page.request.post("/api/tasks/import", { headers: { origin: "https://evil.example" }, data: { taskId: "task_x" } });
  expect(forged.status()).toBe(403);
  expect((await forged.json()).error.message).toContain("did not come from Darkroom's own pages");
});

test("a 4 MB chunked body without a session is refused without being read", async ({ baseURL }) => {
  const url = new URL("/api/generations", baseURL);
  // The front answers 413 past 64 KiB and closes the connection: the client sees the answer, or, when its
  // writes hit the closed connection first, a reset (lib/launcher/front-body-limits.test.ts checks the rest).
  const status = await new Promise<number | "reset">((resolve, reject) => {
    const req = httpRequest(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: "POST",
        headers: { origin: url.origin, "content-type": "application/json" },
      },
      (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      },
    );
    req.on("error", (error) => (/EPIPE|ECONNRESET/.test(String(error)) ? resolve("reset") : reject(error)));
    const chunk = Buffer.alloc(64 * 1024, "a");
    let sent = 0;
    const write = () => {
      while (sent < 4 * 1024 * 1024) {
        sent += chunk.length;
        if (!req.write(chunk)) return void req.once("drain", write);
      }
      req.end();
    };
    req.write('{"x":"');
    write();
  });
  expect([401, 403, 413, "reset"]).toContain(status);
});
