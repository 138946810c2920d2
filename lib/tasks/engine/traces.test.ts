// Traces (issue 47) with OpenTelemetry's in-memory exporter, against the real emulator over HTTP: each submission
// is one trace that runs from the door through its wait in the queue, the upstream call, every poll and the
// archive, across the engine's ticks, with the submission's and task's ids on the spans.
import { context, propagation, trace } from "@opentelemetry/api";
import { InMemorySpanExporter, SimpleSpanProcessor, type ReadableSpan } from "@opentelemetry/sdk-trace-base";
import { afterAll, beforeAll, expect, it } from "vitest";
import { BODIES, emulatorForFile, FAST_TIMINGS } from "@/emulator/testing";
import { database } from "@/lib/db";
import { inSpan, traceIds } from "@/lib/metrics/tracing";
import { startTracing } from "@/lib/metrics/tracer-setup";
import { migrated } from "@/lib/testing/app";
import { clearEngineTables, testEngine } from "@/lib/testing/engine";
import { dispatchOnce } from "./dispatch";
import { pollOnce } from "./poll";

const emulator = emulatorForFile({ timings: FAST_TIMINGS });
const exporter = new InMemorySpanExporter();
let provider: ReturnType<typeof startTracing>;

beforeAll(async () => {
  await migrated();
  await clearEngineTables();
  provider = startTracing(new SimpleSpanProcessor(exporter));
});
afterAll(async () => {
  await provider?.shutdown();
  // The API's globals outlive the file in this worker (vitest.config.ts, isolate: false): give them back.
  trace.disable();
  propagation.disable();
  context.disable();
});

const started = (span: ReadableSpan) => span.startTime[0] * 1e9 + span.startTime[1];

it("follows each submission in one trace: door, queue, upstream call, every poll, archive", async () => {
  const emu = emulator();
  const { apiKey } = await emu.account();
  const t = await testEngine(emu, apiKey);
  const ids = [(await t.submit(BODIES.gamma("a kite")))[0]!, (await t.submit(BODIES.gamma("a lantern")))[0]!];
  const { db } = database();
  const stored = await db.selectFrom("submissions").select(["id", "traceparent"]).execute();
  expect(stored.every((s) => /^00-[0-9a-f]{32}-[0-9a-f]{16}-01$/.test(s.traceparent ?? ""))).toBe(true);

  const archived = async () => (await db.selectFrom("tasks").select("archive_state").execute()).filter((r) => r.archive_state === "done");
  for (let round = 0; round < 30 && (await archived()).length < 2; round += 1) {
    await dispatchOnce(t.engine);
    await t.advance(5);
    await pollOnce(t.engine);
  }
  expect(await archived()).toHaveLength(2);
  const tasks = await db.selectFrom("tasks").select(["id", "submission_id", "traceparent"]).execute();

  const spans = exporter.getFinishedSpans();
  const traces = new Map<string, ReadableSpan[]>();
  for (const span of spans) traces.set(span.spanContext().traceId, [...(traces.get(span.spanContext().traceId) ?? []), span]);
  expect(traces.size).toBe(2);
  for (const id of ids) {
    const task = tasks.find((row) => row.submission_id === id)!;
    const submitSpan = spans.find((s) => s.name === "darkroom.submit" && s.attributes["darkroom.submission_id"] === id)!;
    expect(submitSpan).toBeDefined();
    const own = traces.get(submitSpan.spanContext().traceId)!.sort((a, b) => started(a) - started(b));
    const names = own.map((s) => s.name);
    // In order; polls repeat (pending, processing, succeeded), the archive runs inside the poll that saw success.
    expect(names.join(" ")).toMatch(/^darkroom\.submit darkroom\.queue upstream\.create( upstream\.poll)+ darkroom\.archive$/);
    expect(names.filter((n) => n === "upstream.poll").length).toBeGreaterThanOrEqual(1);
    for (const span of own.filter((s) => s.name !== "darkroom.submit")) {
      expect(span.attributes["darkroom.submission_id"]).toBe(id);
      if (span.name !== "darkroom.queue") expect(span.attributes["darkroom.task_id"] ?? task.id).toBe(task.id);
    }
    expect(own.filter((s) => s.name === "upstream.poll").every((s) => s.attributes["darkroom.task_id"] === task.id)).toBe(true);
    // The engine's spans hang under the door's: the stored traceparent names the submit span.
    expect(task.traceparent).toContain(submitSpan.spanContext().spanId);
    const archive = own.find((s) => s.name === "darkroom.archive")!;
    const poll = own.find((s) => s.spanContext().spanId === archive.parentSpanContext?.spanId);
    expect(poll?.name).toBe("upstream.poll");
  }
});

it("puts the current trace and span ids beside a log line written inside a span", async () => {
  await inSpan("probe", {}, async (span) => {
    expect(traceIds()).toEqual({ trace_id: span.spanContext().traceId, span_id: span.spanContext().spanId });
  });
  expect(traceIds()).toEqual({});
});
