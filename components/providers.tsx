"use client";

import { QueryClientProvider } from "@/lib/query/react";
import { useState, type ReactNode } from "react";
import { makeQueryClient } from "@/lib/query/client";

export function Providers({ children }: { children: ReactNode }) {
  // One client per browser tab, created once: a module-level client would be shared between
  // requests during server rendering.
  const [queryClient] = useState(makeQueryClient);
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
