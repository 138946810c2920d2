// Runs once when the server starts. NEXT_RUNTIME is a build-time constant Next inlines, not configuration,
// so reading it here does not go around lib/env.ts.
export async function register() {
  if (process.env.NEXT_RUNTIME === "nodejs") {
    const { startServer } = await import("./lib/server-start");
    await startServer();
  }
}
