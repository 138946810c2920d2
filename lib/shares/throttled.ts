import "server-only";
import { AppError } from "@/lib/errors";
import { checkShareRate, shareRateKey } from "./rate-limit";

// A share page opened from an address over the limit answers 429 with Retry-After. A Next page can only answer
// 200, 404 (notFound), 401/403 or a redirect, so the page redirects here (/s/<token>/throttled, a route handler)
// and this answers the 429 itself: the refusal page's words and look (app/(public)/s/[id]/not-found.tsx in the
// public layout) as a small HTML document of its own, since a route handler has no layout or stylesheet.
// Once the address may open pages again, this sends the visitor back to the link (so reloading works).

const TOKENS = {
  light:
    "--background:oklch(0.985 0 0);--foreground:oklch(0.2 0.01 260);--muted-foreground:oklch(0.45 0.01 260);--primary:oklch(0.45 0.16 265);--primary-foreground:oklch(0.98 0 0);color-scheme:light",
  dark: "--background:oklch(0.16 0.01 260);--foreground:oklch(0.94 0.005 260);--muted-foreground:oklch(0.72 0.01 260);--primary:oklch(0.72 0.13 265);--primary-foreground:oklch(0.16 0.01 260);color-scheme:dark",
};

// The public layout's classes, written out (globals.css's tokens; light or dark by the system, or by the
// visitor's choice when the dashboard's theme script could run with the page's nonce).
const STYLE = `:root{${TOKENS.light}}:root.dark{${TOKENS.dark}}@media (prefers-color-scheme:dark){:root:not(.light){${TOKENS.dark}}}
*{box-sizing:border-box;margin:0}
body{min-height:100dvh;display:flex;flex-direction:column;background:var(--background);color:var(--foreground);font-family:ui-sans-serif,system-ui,sans-serif;line-height:1.5;-webkit-font-smoothing:antialiased}
header{display:flex;align-items:center;gap:1rem;padding:1rem}
.brand{display:inline-flex;align-items:center;gap:.5rem;font-weight:600;letter-spacing:-.025em}
.logo{display:flex;width:1.75rem;height:1.75rem;align-items:center;justify-content:center;border-radius:.375rem;background:var(--primary);color:var(--primary-foreground)}
main{width:100%;max-width:80rem;margin:0 auto;flex:1;padding:.5rem 1rem 4rem}
.refusal{display:grid;gap:.5rem;max-width:65ch;padding-top:2.5rem}
h1{font-size:1.5rem;line-height:2rem;font-weight:600;letter-spacing:-.025em}
p{color:var(--muted-foreground)}
@media (min-width:40rem){header{padding:1rem 1.5rem}main{padding:.5rem 1.5rem 4rem}}`;

const APERTURE =
  '<svg xmlns="http://www.w3.org/2000/svg" width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true"><circle cx="12" cy="12" r="10"/><path d="m14.31 8 5.74 9.94"/><path d="M9.69 8h11.48"/><path d="m7.38 12 5.74-9.94"/><path d="M9.69 16 3.95 6.06"/><path d="M14.31 16H2.83"/><path d="m16.62 12-5.74 9.94"/></svg>';

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

function page(message: string, themeScript: string | null, nonce: string | null): string {
  const script = themeScript && nonce ? `<script nonce="${nonce}">${themeScript}</script>` : "";
  return `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Too many requests · Darkroom</title><meta name="robots" content="noindex, nofollow"><style>${STYLE}</style></head>
<body>${script}<header><span class="brand"><span class="logo">${APERTURE}</span>Darkroom</span></header>
<main><div class="refusal" role="alert"><h1>Too many requests</h1><p>${escapeHtml(message)}</p></div></main></body></html>`;
}

/** GET /s/<token>/throttled: the 429 page while this address is over the limit, else back to the link. */
export async function throttledAnswer(request: Request, token: string, themeScript: string | null): Promise<Response> {
  try {
    await checkShareRate(shareRateKey(request.headers));
  } catch (error) {
    if (!(error instanceof AppError) || error.status !== 429) throw error;
    // proxy.ts puts a fresh nonce on the request (base64); anything else is not put into the page.
    const nonce = request.headers.get("x-nonce");
    const safeNonce = nonce && /^[\w+/=]+$/.test(nonce) ? nonce : null;
    return new Response(page(error.message, themeScript, safeNonce), {
      status: 429,
      headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store", ...error.headers },
    });
  }
  return new Response(null, { status: 303, headers: { Location: `/s/${encodeURIComponent(token)}`, "Cache-Control": "no-store" } });
}
