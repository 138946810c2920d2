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
  // Next's own trailing-slash redirect answers a 308 with a text body, which a script reading the generation API's
  // JSON chokes on: the gateway's /v1 paths are served as they come (/v1/tasks/ is app/v1/[[...path]]'s JSON 404),
  // and every other path keeps the redirect, here (the same 308 to the address without the slash).
  skipTrailingSlashRedirect: true,
  async redirects() {
    return [{ source: "/:path((?!v1(?:/|$)).+)/", destination: "/:path", permanent: true }];
  },
  experimental: {
    // With proxy.ts, Next copies each request body into memory (10 MB by default) before the route reads it.
    // The launcher's front refuses a body over its route's limit (64 KiB for JSON) before Next sees any of it;
    // this, just over that, bounds the copy for a server started without the front.
    proxyClientMaxBodySize: 96 * 1024,
  },
};

export default nextConfig;
