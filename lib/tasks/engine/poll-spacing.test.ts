// The API counts the 5 s between two retrievals of a task from when each reaches it. test:scale once saw two
// polls of one task arrive 4.9 s apart on a busy machine: the engine timed the next poll from when it sent
// the last, and that request had been held up on its way. Here a proxy holds every retrieval up on its way.
import { createServer, request, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BODIES, emulatorForFile } from "@/emulator/testing";
import { database } from "@/lib/db";
import { getSubmission } from "@/lib/db/submissions";
import { getTaskRow } from "@/lib/db/tasks";
import { migrated } from "@/lib/testing/app";
import { testEngine } from "@/lib/testing/engine";
import { dispatchOnce } from "./dispatch";
import { pollOnce } from "./poll";

// Images take a minute of the emulator's time: the task is still live at its first poll.
const emulator = emulatorForFile({ timings: { imageSeconds: 60, videoSeconds: 60, refundSeconds: 2 } });
const HELD_UP_MS = 300;

/** Passes requests on to `target`, holding each retrieval `HELD_UP_MS` first; `arrived` hears when it goes on. */
function slowRoad(target: string, arrived: () => void): Promise<Server> {
  const upstream = new URL(target);
  const server = createServer((req, res) => {
    const forward = () => {
      if (req.method === "GET") arrived();
      const out = request(
        { host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers: req.headers },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        },
      );
      req.pipe(out);
    };
    if (req.method === "GET") setTimeout(forward, HELD_UP_MS);
    else forward();
  });
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve(server)));
}

describe("poll spacing", () => {
  let road: Server | undefined;
  beforeAll(migrated);
  afterAll(() => road?.close());

  it("times the next poll from the answer, so a retrieval held up on its way never brings the next within 5 s of it", async () => {
    const emu = emulator();
    const { apiKey } = await emu.account();
    const arrivals: number[] = [];
    let engineNow = () => Date.now();
    road = await slowRoad(emu.url, () => arrivals.push(engineNow()));
    const url = `http://127.0.0.1:${(road.address() as AddressInfo).port}`;
    const t = await testEngine({ url, advance: (seconds) => emu.advance(seconds) }, apiKey);
    engineNow = () => t.engine.now().getTime();

    const [id] = await t.submit(BODIES.gamma());
    expect(await dispatchOnce(t.engine)).toBe(1);
    const taskId = (await getSubmission(database().db, { id: id! }))!.task_id!;
    await t.advance(5);
    expect(await pollOnce(t.engine)).toBe(1);

    const task = await getTaskRow(database().db, { id: taskId });
    expect(task?.status).toMatch(/^(pending|processing)$/);
    expect(arrivals).toHaveLength(1);
    // Before: the next poll was due 5.1 s after the sending, so 4.8 s after this request reached the API.
    expect(Date.parse(task!.next_poll_at!) - arrivals[0]!).toBeGreaterThanOrEqual(5_000);
    // Money and slots: one task charged and recorded, its slot held while it is live.
    expect(await emu.credits(apiKey)).toBe(100_000 - 44);
    expect(task?.credits_reserved).toBe(44);
  });
});
