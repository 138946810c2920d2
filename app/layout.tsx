import type { Metadata, Viewport } from "next";
import { headers } from "next/headers";
import type { ReactNode } from "react";
import { themeScript } from "@/components/layout/theme";
import { Providers } from "@/components/providers";
import { givenPublicBaseUrl } from "@/lib/http/public-origin";
import "./globals.css";

export const metadata: Metadata = {
  title: { default: "Darkroom", template: "%s · Darkroom" },
  description: "Self-hosted dashboard for image and video generation.",
  // Static files live in public/: the icons, the web manifest that lets the dashboard install as an app, and
  // the picture a chat or social site shows for a shared link (an absolute URL, so only once PUBLIC_BASE_URL
  // says where Darkroom is reached).
  icons: {
    icon: [
      { url: "/icon.svg", type: "image/svg+xml" },
      { url: "/icon-192.png", type: "image/png", sizes: "192x192" },
    ],
    apple: "/apple-touch-icon.png",
  },
  manifest: "/manifest.webmanifest",
  ...(givenPublicBaseUrl() && {
    metadataBase: new URL(givenPublicBaseUrl()!),
    openGraph: { title: "Darkroom", description: "Self-hosted dashboard for image and video generation.", images: ["/social-preview.png"] },
  }),
};

export const viewport: Viewport = {
  themeColor: [
    { media: "(prefers-color-scheme: light)", color: "#fafafa" },
    { media: "(prefers-color-scheme: dark)", color: "#17181c" },
  ],
};

// Reading the request makes every page render per request, which the CSP's per-request nonce needs
// (proxy.ts makes it; Next puts it on its own scripts, the layout on the theme's inline one).
export default async function RootLayout({ children }: { children: ReactNode }) {
  const nonce = (await headers()).get("x-nonce") ?? undefined;
  return (
    // The theme script sets the class before hydration, so the server's markup differs on purpose.
    <html lang="en" suppressHydrationWarning>
      <body className="min-h-dvh antialiased">
        {/* First in the body: the page's colours are right before anything paints. */}
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: themeScript }} />
        <Providers>{children}</Providers>
      </body>
    </html>
  );
}
