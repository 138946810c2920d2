import type { ShownCode } from "./error-codes";

/**
 * A failure's error code as a small monospace chip, beside the plain words that explain it: the one way every
 * page shows a code (task cards and pages, the lightbox, submission cards, the Overview's failures). A code
 * the spec does not list is shown as sent, with "not in the spec" after it.
 */
export function ErrorCodeChip({ shown }: { shown: ShownCode }) {
  return (
    <span className="inline-flex max-w-full flex-wrap items-center gap-x-1.5 gap-y-0.5 text-xs" data-testid="error-code">
      <code className="min-w-0 rounded border bg-muted px-1.5 py-px font-mono text-[0.7rem] leading-4 break-all text-foreground">
        <span className="sr-only">Error code </span>
        {shown.code}
        {shown.field && (
          <>
            <span aria-hidden className="text-muted-foreground">
              {" · "}
            </span>
            <span className="sr-only">, field </span>
            {shown.field}
          </>
        )}
        {shown.status !== undefined && (
          <>
            <span aria-hidden className="text-muted-foreground">
              {" · "}
            </span>
            <span className="sr-only">, </span>
            HTTP {shown.status}
          </>
        )}
      </code>
      {!shown.inSpec && <span className="text-muted-foreground italic">not in the spec</span>}
    </span>
  );
}
