"use client";

import { usePathname, useSearchParams } from "next/navigation";
import { useCallback } from "react";
import { formatView, parseView, type ViewTarget } from "./items";

/**
 * The lightbox's place in the URL (`?view=<taskId>[:<index>]`), so a shown result can be linked to. Written with
 * history.replaceState (Next keeps useSearchParams in step): opening, stepping and closing add no history
 * entries, so Back leaves the page rather than walking through every result seen.
 */
export function useViewParam(): { target: ViewTarget | undefined; show: (target: ViewTarget | undefined) => void } {
  const params = useSearchParams();
  const pathname = usePathname();
  const target = parseView(params.get("view"));
  const show = useCallback(
    (next: ViewTarget | undefined) => {
      const search = new URLSearchParams(window.location.search);
      if (next) search.set("view", formatView(next));
      else search.delete("view");
      const query = search.toString();
      window.history.replaceState(null, "", `${pathname}${query ? `?${query}` : ""}`);
    },
    [pathname],
  );
  return { target, show };
}
