import "server-only";
import { context, propagation, SpanStatusCode, trace, type Attributes, type Context, type Span } from "@opentelemetry/api";

// OpenTelemetry traces, off unless OTEL_EXPORTER_OTLP_ENDPOINT is set (lib/metrics/tracer-setup.ts installs
// the SDK from instrumentation.ts). Without it the API's no-op tracer answers: spans cost a function call and
// no traceparent is stored. One trace per submission: the door's span is written down with the submission as
// a W3C traceparent, and the engine's spans (queue, upstream call, each poll, the archive) continue it, in
// whichever process and tick they run.

const tracer = () => trace.getTracer("darkroom");

/** The current context as a traceparent to store, or null when nothing is being traced. */
export function currentTraceparent(): string | null {
  const carrier: Record<string, string> = {};
  propagation.inject(context.active(), carrier);
  return carrier.traceparent ?? null;
}

/** The stored trace to continue (the root context when there is none). */
export function storedContext(traceparent: string | null | undefined): Context {
  return traceparent ? propagation.extract(context.active(), { traceparent }) : context.active();
}

/**
 * Runs `work` inside a span (made current, so logs and nested spans see it), ended when it settles; a throw
 * marks the span as an error and goes on. `startTime` backdates a span that covers a wait (the queue).
 */
export function inSpan<T>(
  name: string,
  { parent, attributes, startTime }: { parent?: Context; attributes?: Attributes; startTime?: Date } = {},
  work: (span: Span) => Promise<T>,
): Promise<T> {
  return tracer().startActiveSpan(name, { attributes, startTime }, parent ?? context.active(), async (span) => {
    try {
      return await work(span);
    } catch (error) {
      span.setStatus({ code: SpanStatusCode.ERROR, message: error instanceof Error ? error.name : "error" });
      throw error;
    } finally {
      span.end();
    }
  });
}

/** A span that only records a moment already past (a submission's wait in the queue). */
export function recordSpan(
  name: string,
  { parent, attributes, start, end }: { parent: Context; attributes: Attributes; start: Date; end: Date },
): void {
  tracer().startSpan(name, { attributes, startTime: start }, parent).end(end);
}

/** The trace and span ids to log beside what a line is about (lib/log.ts), when a span is current. */
export function traceIds(): { trace_id: string; span_id: string } | Record<string, never> {
  const span = trace.getActiveSpan()?.spanContext();
  return span && trace.isSpanContextValid(span) ? { trace_id: span.traceId, span_id: span.spanId } : {};
}
