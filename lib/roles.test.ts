// DARKROOM_ROLE: a web instance runs no engine even with an upstream configured; a worker answers only health.
// Each role is read from the environment when lib/env.ts is first imported, so it is set before the imports.
import { NextRequest } from "next/server";
import { describe, expect, it } from "vitest";

process.env.DARKROOM_ROLE = "web";
// Configured but never called: a web instance must not start the loop that would poll it.
process.env.GENERATION_API_BASE_URL = "http://127.0.0.1:9";
process.env.GENERATION_API_KEY = "sk-roles-test";
const { env } = await import("@/lib/env");
const { startServer } = await import("@/lib/server-start");
const { currentEngine } = await import("@/lib/tasks/engine/loop");
const { readiness } = await import("@/lib/health");
const { proxy } = await import("@/proxy");

describe("roles", () => {
  it("web: starts, is ready, and runs no task engine", async () => {
    expect(env.DARKROOM_ROLE).toBe("web");
    await startServer();
    expect(currentEngine()).toBeUndefined();
    expect(await readiness()).toMatchObject({ ready: true, role: "web", engine: "not run by this role" });
  });

  it("web: the proxy lets every path through", () => {
    for (const path of ["/", "/api/tasks", "/api/health/ready"])
      expect(proxy(new NextRequest(`http://localhost${path}`)).headers.get("x-middleware-next")).toBe("1");
  });

  it("worker: the proxy answers 404 with a plain message to anything but health", async () => {
    env.DARKROOM_ROLE = "worker";
    try {
      for (const path of ["/", "/tasks", "/api/tasks", "/api/media/task_x/0"]) {
        const response = proxy(new NextRequest(`http://localhost${path}`));
        expect(response.status).toBe(404);
        expect(await response.json()).toEqual({
          error: {
            code: "not_found:worker",
            message: "This instance is a worker (DARKROOM_ROLE=worker): it serves only /api/health. Open Darkroom through a web instance.",
          },
        });
      }
      for (const path of ["/api/health", "/api/health/live", "/api/health/ready"])
        expect(proxy(new NextRequest(`http://localhost${path}`)).headers.get("x-middleware-next")).toBe("1");
    } finally {
      env.DARKROOM_ROLE = "web";
    }
  });
});
