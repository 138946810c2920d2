// The place "Your recent results" holds while its code loads (recent-results-slot.tsx) and while its tasks do
// (recent-results.tsx): in a module of its own so that the lazily loaded list does not import the slot that loads it.

/** Holds the section's place (a card row's height, so what follows barely moves). */
export function Placeholder() {
  return <div aria-hidden className="h-48 animate-pulse rounded-xl border bg-card/60 motion-reduce:animate-none" />;
}
