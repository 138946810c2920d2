// `npm run emulator`: the emulator on its own, configured from the environment.
import { parseTrustedOrigins } from "./inputs";
import type { RenderMode } from "./media";
import { parseProfileText, type Profile } from "./profile";
import { startEmulator } from "./server";

const seconds = (name: string, fallback: number): number => {
  const value = process.env[name];
  if (value === undefined || value === "") return fallback;
  const parsed = Number(value);
  if (!Number.isFinite(parsed) || parsed < 0) {
    console.error(`${name} must be a number of seconds (got "${value}").`);
    process.exit(1);
  }
  return parsed;
};

function renderMode(value: string | undefined): RenderMode {
  if (value === undefined || value === "" || value === "full") return "full";
  if (value === "quick") return value;
  console.error(`EMULATOR_RENDER must be "full" or "quick" (got "${value}").`);
  process.exit(1);
}

let profile: Profile;
let trustedOrigins: string[];
try {
  profile = parseProfileText(process.env.EMULATOR_PROFILE);
  trustedOrigins = parseTrustedOrigins(process.env.EMULATOR_TRUSTED_ORIGINS);
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
}

const emulator = await startEmulator({
  profile,
  trustedOrigins,
  port: Number(process.env.EMULATOR_PORT ?? 4010),
  dataDir: process.env.EMULATOR_DATA_DIR || undefined,
  demoKey: process.env.EMULATOR_DEMO_KEY || undefined,
  timings: {
    imageSeconds: seconds("EMULATOR_IMAGE_SECONDS", 5),
    videoSeconds: seconds("EMULATOR_VIDEO_SECONDS", 20),
    refundSeconds: seconds("EMULATOR_REFUND_SECONDS", 10),
  },
  render: renderMode(process.env.EMULATOR_RENDER),
});
console.log(`Emulator listening on ${emulator.url}`);
console.log(`Demo API key: ${emulator.demoKey}`);
if (trustedOrigins.length > 0) console.log(`Trusting image inputs from: ${trustedOrigins.join(", ")}`);

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    void emulator.close().then(() => process.exit(0));
  });
}
