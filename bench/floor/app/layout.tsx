// bench:lighthouse's floor: a Next.js page with nothing of Darkroom's, measured beside Darkroom's pages in the
// same run, so the figures say how much of a page's time is the framework's on this machine.
import type { ReactNode } from "react";

export default function FloorLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <head>
        <title>Floor</title>
      </head>
      <body>{children}</body>
    </html>
  );
}
