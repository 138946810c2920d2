// Next decodes path segments itself and answers 500 when one is not valid percent-encoded UTF-8
// (`%ff`, `%C3%28`, a lone `%`). proxy.ts looks first and answers 400. The query string reaches the proxy
// already re-encoded by Next's parser, with each bad escape turned into U+FFFD: that counts as malformed too.

function decodes(part: string, refuseReplacement = false): boolean {
  try {
    return !(refuseReplacement && decodeURIComponent(part).includes("\uFFFD"));
  } catch {
    return false;
  }
}

/** True when the path or the query string of a raw request URL holds a malformed escape. */
export function hasMalformedEscape(rawUrl: string): boolean {
  const afterOrigin = rawUrl.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i, "");
  const [path = "", query = ""] = afterOrigin.split("#")[0]!.split(/\?(.*)/s);
  if (!path.split("/").every((part) => decodes(part))) return true;
  return !query.split("&").every((pair) => pair.split("=").every((part) => decodes(part.replace(/\+/g, " "), true)));
}
