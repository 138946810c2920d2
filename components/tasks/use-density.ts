import { useCallback } from "react";
import { useBrowserValue } from "@/components/shared/use-browser-value";

// How tightly the gallery packs its cards, remembered per browser. localStorage, read through
// useBrowserValue so the server render (comfortable) and hydration agree.

export type Density = "comfortable" | "compact";
const KEY = "darkroom.gallery.density";
const listeners = new Set<() => void>();

function read(): Density {
  try {
    return window.localStorage.getItem(KEY) === "compact" ? "compact" : "comfortable";
  } catch {
    return "comfortable";
  }
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  window.addEventListener("storage", listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", listener);
  };
}

export function useDensity(): [Density, (density: Density) => void] {
  const density = useBrowserValue<Density>(subscribe, read, () => "comfortable");
  const set = useCallback((next: Density) => {
    try {
      window.localStorage.setItem(KEY, next);
    } catch {
      // Private mode or storage full: the choice lasts for this page only.
    }
    for (const listener of listeners) listener();
  }, []);
  return [density, set];
}

/** The narrowest a card may get; the grid fits as many columns of at least this width as the row allows. */
export const MIN_CARD_WIDTH: Record<Density, number> = { comfortable: 220, compact: 150 };
export const CARD_GAP: Record<Density, number> = { comfortable: 16, compact: 10 };
