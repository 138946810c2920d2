import type { NextConfig } from "next";

const nextConfig: NextConfig = {
  poweredByHeader: false,
  reactStrictMode: true,
  // Native modules stay outside the server bundle.
  serverExternalPackages: ["sharp", "pino", "better-sqlite3", "@ffmpeg-installer/ffmpeg"],
  // The build checks the app's own code; tests and the emulator are checked by `npm run typecheck`,
  // so a half-written test never stops `npm start`.
  typescript: { tsconfigPath: "tsconfig.build.json" },
};

export default nextConfig;
