import { createContext, startTransition, useContext, useEffect, useState } from "react";

/** The time now, refreshed every `ms` while `active` (a live task's elapsed time); 0 until mounted, so nothing time-based is server-rendered. */
export function useNow(ms: number, active = true): number {
  const [now, setNow] = useState(0);
  useEffect(() => {
    // A transition: a tick re-renders every age on the page, work React may slice rather than a long task.
    const tick = () => startTransition(() => setNow(Date.now()));
    const first = setTimeout(tick, 0);
    const timer = active ? setInterval(tick, ms) : undefined;
    return () => {
      clearTimeout(first);
      clearInterval(timer);
    };
  }, [ms, active]);
  return now;
}

// The clock a list of cards reads (the gallery's grid, a board): passed by context to the few words on a card that
// change with it, so a tick, and the first one after hydration, re-renders those words and not every whole card
// (a 25 to 30 ms task on a phone's gallery as it loaded, issue 28).
export const CardClock = createContext(0);
export const useCardClock = () => useContext(CardClock);
