import "server-only";
import { OTLPTraceExporter } from "@opentelemetry/exporter-trace-otlp-http";
import { resourceFromAttributes } from "@opentelemetry/resources";
import { BatchSpanProcessor, type SpanProcessor } from "@opentelemetry/sdk-trace-base";
import { NodeTracerProvider } from "@opentelemetry/sdk-trace-node";
import { env } from "@/lib/env";

// Installs the tracer for this process, once. Called from instrumentation.ts only when OTEL_EXPORTER_OTLP_ENDPOINT
// is set; tests pass their own processor (an in-memory exporter). Registering also installs the W3C propagator
// and the AsyncLocalStorage context manager that keep a span current across awaits.

const KEY = Symbol.for("darkroom.tracer");
const holder = globalThis as typeof globalThis & { [KEY]?: NodeTracerProvider };

export function startTracing(processor?: SpanProcessor): NodeTracerProvider | undefined {
  if (holder[KEY]) return holder[KEY];
  const endpoint = env.OTEL_EXPORTER_OTLP_ENDPOINT;
  if (!processor && !endpoint) return undefined;
  const spanProcessor = processor ?? new BatchSpanProcessor(new OTLPTraceExporter({ url: `${endpoint!.replace(/\/+$/, "")}/v1/traces` }));
  const provider = new NodeTracerProvider({
    resource: resourceFromAttributes({ "service.name": env.OTEL_SERVICE_NAME, "darkroom.role": env.DARKROOM_ROLE }),
    spanProcessors: [spanProcessor],
  });
  provider.register();
  holder[KEY] = provider;
  return provider;
}
