// Light, dark or the system's choice: a class on <html> ("light" or "dark") that globals.css's tokens follow.
// The same function runs twice: inline in the page before it paints (themeScript, rendered by the root layout, so
// no page flashes the wrong colours), and in the theme switch when the choice changes. No React, no library.

/** Where the choice is kept; absent means "follow the system". */
export const THEME_KEY = "theme";

/**
 * Puts the stored choice (null: the system's) on <html>. Self-contained on purpose: themeScript inlines its source.
 * On a change, transitions are held off while the colours change, or every control would fade on its own. Before
 * the first paint (`first`) nothing has a colour to fade from, and the layout that holding them off forces was the
 * page's first style pass inside the parser's task (issue 28).
 */
export function applyTheme(stored: string | null, first = false): void {
  const root = document.documentElement;
  const theme = stored === "light" || stored === "dark" ? stored : matchMedia("(prefers-color-scheme: dark)").matches ? "dark" : "light";
  if (!first) root.classList.add("theme-switching");
  root.classList.remove(theme === "dark" ? "light" : "dark");
  root.classList.add(theme);
  root.style.colorScheme = theme;
  if (first) return;
  void root.offsetHeight;
  root.classList.remove("theme-switching");
}

/** The inline script: applies the stored choice, then follows the system's and other tabs' changes. */
export const themeScript = `(() => {
  const apply = ${applyTheme.toString()};
  const read = () => { try { return localStorage.getItem(${JSON.stringify(THEME_KEY)}); } catch { return null; } };
  apply(read(), true);
  matchMedia("(prefers-color-scheme: dark)").addEventListener("change", () => apply(read()));
  addEventListener("storage", (event) => { if (event.key === ${JSON.stringify(THEME_KEY)}) apply(event.newValue); });
})();`;
