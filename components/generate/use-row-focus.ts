import { useRef } from "react";

/**
 * Moves focus into a row just added, so a keyboard user can type straight away: call `willAdd` with the
 * new row's index before adding it, and give the row's first control `refFor(index)`.
 */
export function useRowFocus() {
  const pending = useRef<number | null>(null);
  return {
    willAdd(index: number) {
      pending.current = index;
    },
    refFor(index: number) {
      return (element: HTMLElement | null) => {
        if (element && pending.current === index) {
          pending.current = null;
          element.focus();
        }
      };
    },
  };
}
