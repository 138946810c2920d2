import type { NextConfig } from "next";

const nextConfig: NextConfig = {
  poweredByHeader: false,
  reactStrictMode: true,
  // Native modules stay outside the server bundle.
  serverExternalPackages: ["sharp", "pino", "better-sqlite3", "@ffmpeg-installer/ffmpeg"],
  // The build checks the app's own code; tests and the emulator are checked by `npm run typecheck`,
  // so a half-written test never stops `npm start`.
  typescript: { tsconfigPath: "tsconfig.build.json" },
  experimental: {
    // With proxy.ts, Next copies each request body into memory (10 MB by default) before the route reads it.
    // Just over the routes' own 64 KiB limit: a larger body is cut there, and the route then answers 413.
    proxyClientMaxBodySize: 96 * 1024,
  },
};

export default nextConfig;
