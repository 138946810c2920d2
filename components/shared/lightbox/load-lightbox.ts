// The viewer (with radix Dialog) is fetched when an opener is hovered or focused, or on the first open: most page
// visits never open it, so it stays out of the page's first load.
export const loadLightbox = () => import("./lightbox");

/** Starts fetching the viewer's code; call from an opener's hover or focus. */
export function prefetchLightbox(): void {
  void loadLightbox();
}
