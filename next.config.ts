import type { NextConfig } from "next";

const nextConfig: NextConfig = {
  poweredByHeader: false,
  reactStrictMode: true,
  // Native modules stay outside the server bundle.
  serverExternalPackages: ["sharp", "pino"],
};

export default nextConfig;
