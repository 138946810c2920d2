import { useEffect, useState } from "react";

/** The time now, refreshed every `ms` while `active` (a live task's elapsed time); 0 until mounted, so nothing time-based is server-rendered. */
export function useNow(ms: number, active = true): number {
  const [now, setNow] = useState(0);
  useEffect(() => {
    const tick = () => setNow(Date.now());
    const first = setTimeout(tick, 0);
    const timer = active ? setInterval(tick, ms) : undefined;
    return () => {
      clearTimeout(first);
      clearInterval(timer);
    };
  }, [ms, active]);
  return now;
}
