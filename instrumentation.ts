// Runs once when the server starts. NEXT_RUNTIME is a build-time constant Next inlines, not configuration,
// so reading it here does not go around lib/env.ts.
export async function register() {
  if (process.env.NEXT_RUNTIME === "nodejs") {
    try {
      // Traces first, so start-up and the engine's first ticks are traced (a no-op without OTEL_EXPORTER_OTLP_ENDPOINT).
      const { startTracing } = await import("./lib/metrics/tracer-setup");
      startTracing();
      const { startServerOrExit } = await import("./lib/server-start");
      await startServerOrExit();
    } catch (error) {
      // Importing can fail too (lib/env.ts refuses invalid configuration, naming the variables, never their values).
      console.error(`Darkroom could not start: ${error instanceof Error ? error.message : String(error)}`);
      process.exit(1);
    }
  }
}
