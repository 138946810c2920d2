import { startTransition, useEffect, useState, useSyncExternalStore } from "react";

// Set once the first page has hydrated: a switch mounted later (a client-side navigation) reads the browser's
// value in its first render, as nothing on the server drew it.
let hydrated = false;

/**
 * A value only the browser knows (a choice in localStorage, what the browser supports), kept in step through
 * useSyncExternalStore. The server and hydration draw `server()`; the browser's value follows in a transition,
 * a render React may pause and slice. useSyncExternalStore alone re-renders at once, in the task that runs the
 * page's effects: a blocking re-render after every load, on every page for the sidebar's theme switch (issue 28).
 */
export function useBrowserValue<T>(subscribe: (listener: () => void) => () => void, read: () => T, server: () => T): T {
  const [ready, setReady] = useState(hydrated);
  useEffect(() => {
    hydrated = true;
    if (!ready) startTransition(() => setReady(true));
  }, [ready]);
  return useSyncExternalStore(subscribe, ready ? read : server, server);
}
