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
    // The launcher's front refuses a body over its route's limit (64 KiB for JSON) before Next sees any of it;
    // this, just over that, bounds the copy for a server started without the front.
    proxyClientMaxBodySize: 96 * 1024,
  },
};

export default nextConfig;
