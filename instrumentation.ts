// Runs once when the server starts. NEXT_RUNTIME is a build-time constant Next inlines, not configuration,
// so reading it here does not go around lib/env.ts.
export async function register() {
  if (process.env.NEXT_RUNTIME === "nodejs") {
    try {
      const { startServerOrExit } = await import("./lib/server-start");
      await startServerOrExit();
    } catch (error) {
      // Importing can fail too (lib/env.ts refuses invalid configuration, naming the variables, never their values).
      console.error(`Darkroom could not start: ${error instanceof Error ? error.message : String(error)}`);
      process.exit(1);
    }
  }
}
