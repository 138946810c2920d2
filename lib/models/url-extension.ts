// The extension a URL names, apart from urls.ts (whose rules only the schemas need): the form's URL field reads it
// to preview images.

/** The lower-case extension of the URL's last path segment, or null when it has none. */
export function urlPathExtension(url: string): string | null {
  let path: string;
  try {
    path = new URL(url).pathname;
  } catch {
    path = url.split(/[?#]/, 1)[0] ?? "";
  }
  const last = path.slice(path.lastIndexOf("/") + 1);
  const dot = last.lastIndexOf(".");
  // ".png" alone is a hidden-file name, not an extension; no extension leaves the format unknown, which is allowed.
  return dot > 0 && dot < last.length - 1 ? last.slice(dot + 1).toLowerCase() : null;
}
