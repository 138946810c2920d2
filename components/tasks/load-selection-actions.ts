// The selection's actions (ZIP, board, share, hide, with their icons and requests) are fetched when a card's checkbox
// is hovered or focused, or with the first selection: most visits to the gallery select nothing.
export const loadSelectionActions = () => import("./selection-actions");

/** Starts fetching the actions' code; call from a checkbox's hover or focus. */
export function prefetchSelectionActions(): void {
  void loadSelectionActions();
}
