import { ImageIcon } from "lucide-react";

// The small box in front of a media URL row, shared by the row (url-field.tsx) and the preview it loads lazily
// (url-preview.tsx): in a module of its own so that the lazy preview does not import the row that loads it.

export const PREVIEW_BOX =
  "flex size-9 shrink-0 items-center justify-center overflow-hidden rounded-md border bg-muted text-muted-foreground [&_svg]:size-4";

/** The preview's place for a URL that shows nothing: an icon, decorative (the URL itself is the field's value). */
export function PlainPreview() {
  return (
    <span aria-hidden className={PREVIEW_BOX}>
      <ImageIcon />
    </span>
  );
}
