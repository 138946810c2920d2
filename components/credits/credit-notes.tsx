/** What the figures mean and what they leave out. */
export function CreditNotes() {
  return (
    <footer className="grid gap-1.5 border-t pt-4 text-xs text-pretty text-muted-foreground">
      <p>
        <span className="font-medium text-foreground">Hidden tasks are counted.</span> Hiding a task takes it out of the Tasks gallery, not
        out of what it spent, so a filtered gallery can show fewer tasks than these totals.
      </p>
      <p>
        Reserved now: credits held by tasks still pending or generating. Each becomes used when its task succeeds, or is refunded when it
        fails.
      </p>
      <p>Tasks are counted on the UTC day they were created.</p>
    </footer>
  );
}
