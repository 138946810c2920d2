"use client";

import { createContext, useContext } from "react";
import type { ViewTarget } from "./items";

// How a page's pieces reach its lightbox (LightboxProvider supplies it): open an output, or start fetching the
// viewer's code when an opener is hovered or focused. A module of its own, without the viewer's import(): the
// viewer shows quick actions, and those quick actions would otherwise import the module that loads the viewer.

export interface LightboxOpener {
  open: (target: ViewTarget) => void;
  prefetch: () => void;
}

export const LightboxContext = createContext<LightboxOpener | null>(null);

/** Opens an output in the page's lightbox; null outside a LightboxProvider (the card then offers no "open"). */
export function useOpenLightbox(): ((target: ViewTarget) => void) | null {
  return useContext(LightboxContext)?.open ?? null;
}

/** Starts fetching the viewer's code (a no-op outside a LightboxProvider, where nothing opens it). */
export function usePrefetchLightbox(): () => void {
  return useContext(LightboxContext)?.prefetch ?? noop;
}

const noop = () => undefined;
