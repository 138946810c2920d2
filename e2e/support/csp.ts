import { expect, type BrowserContext } from "@playwright/test";

// Every journey checks that Darkroom's pages run under their Content Security Policy: a violation
// (a script without the nonce, an image from elsewhere, a frame) fails the test that caused it.

/** Starts collecting CSP violations in every page of the context; call the answer at the end to assert none. */
export function watchCsp(context: BrowserContext): () => void {
  const violations: string[] = [];
  // Init scripts are injected by the browser's debugger protocol, outside the page's CSP.
  void context.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      console.error(`CSP violation: ${event.violatedDirective} blocked ${event.blockedURI || "inline"} on ${location.pathname}`);
    });
  });
  context.on("console", (message) => {
    const text = message.text();
    if (message.type() === "error" && /CSP violation|Content Security Policy/i.test(text)) violations.push(text);
  });
  return () => expect(violations, "Content Security Policy violations").toEqual([]);
}
