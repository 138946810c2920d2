"use client";

import { QueryClientProvider } from "@tanstack/react-query";
import { useState, type ReactNode } from "react";
import { z } from "zod";
import { ThemeProvider } from "@/components/layout/theme-provider";
import { makeQueryClient } from "@/lib/query/client";

// zod compiles object schemas with `new Function` when it may; its probe for that is an eval, which the CSP
// forbids (and reports). Parsing without it is fast enough for forms.
z.config({ jitless: true });

export function Providers({ children, nonce }: { children: ReactNode; nonce?: string }) {
  // One client per browser tab, created once: a module-level client would be shared between
  // requests during server rendering.
  const [queryClient] = useState(makeQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <ThemeProvider nonce={nonce}>{children}</ThemeProvider>
    </QueryClientProvider>
  );
}
