"use client";

import { QueryClientProvider } from "@tanstack/react-query";
import { useState, type ReactNode } from "react";
import { ThemeProvider } from "@/components/layout/theme-provider";
import { makeQueryClient } from "@/lib/query/client";

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
