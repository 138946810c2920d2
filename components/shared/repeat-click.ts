// A double click is one action. The first click sends; while it is in flight the button is disabled and the
// submission's id is reused, but a quick server can answer before the second click lands, which would then send
// a second submission and charge twice. The browser counts a double click's clicks (`detail`: 2 for the second;
// 0 for Enter or Space), so the second is recognised as such, however fast the server was.

/** Whether this click is the second (or later) click of a double click. */
export const isRepeatClick = (event: { detail: number }): boolean => event.detail > 1;

/** A submit button's onClick that spends credits: the second click of a double click submits nothing. */
export function preventRepeatSubmit(event: { detail: number; preventDefault(): void }): void {
  if (isRepeatClick(event)) event.preventDefault();
}
