import { applyTheme, THEME_KEY } from "./theme";

// The theme switch's view of the stored choice (theme.ts applies it): read and written through
// useSyncExternalStore, so every switch on the page agrees, and another tab's choice shows here too.

export type ThemeChoice = "light" | "dark" | "system";

const listeners = new Set<() => void>();

export function readThemeChoice(): ThemeChoice {
  try {
    const stored = localStorage.getItem(THEME_KEY);
    return stored === "light" || stored === "dark" ? stored : "system";
  } catch {
    return "system";
  }
}

export function setThemeChoice(choice: ThemeChoice): void {
  try {
    if (choice === "system") localStorage.removeItem(THEME_KEY);
    else localStorage.setItem(THEME_KEY, choice);
  } catch {
    // storage refused (private mode): the choice lasts until the page is left
  }
  applyTheme(choice === "system" ? null : choice);
  for (const listener of listeners) listener();
}

export function subscribeThemeChoice(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => event.key === THEME_KEY && listener();
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", onStorage);
  };
}
