import type { NextConfig } from "next";

const nextConfig: NextConfig = {
  poweredByHeader: false,
  reactStrictMode: true,
  // Native modules stay outside the server bundle.
  serverExternalPackages: ["sharp", "pino", "better-sqlite3", "@ffmpeg-installer/ffmpeg"],
  // Types are checked once, by `npm run typecheck` (`next typegen`, then `tsc` over everything, the routes'
  // generated validators included), which `npm test` and CI run after the build: checking them again here cost
  // the build a third of its CPU, and a half-written test never stops `npm start`.
  typescript: { ignoreBuildErrors: true },
  experimental: {
    // With proxy.ts, Next copies each request body into memory (10 MB by default) before the route reads it.
    // The launcher's front refuses a body over its route's limit (64 KiB for JSON) before Next sees any of it;
    // this, just over that, bounds the copy for a server started without the front.
    proxyClientMaxBodySize: 96 * 1024,
  },
};

export default nextConfig;
