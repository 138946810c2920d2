"use client";

import { Monitor, Moon, Sun } from "lucide-react";
import { useRef, useState, type KeyboardEvent } from "react";
import { useBrowserValue } from "@/components/shared/use-browser-value";
import { readThemeChoice, setThemeChoice, subscribeThemeChoice, type ThemeChoice } from "./theme-choice";

const THEMES = [
  { value: "light", label: "Light", Icon: Sun },
  { value: "dark", label: "Dark", Icon: Moon },
  { value: "system", label: "System", Icon: Monitor },
] as const satisfies readonly { value: ThemeChoice; label: string; Icon: unknown }[];

// Arrow keys move by one (wrapping round), Home and End to either end.
const MOVES: Record<string, (index: number) => number> = {
  ArrowRight: (i) => (i + 1) % THEMES.length,
  ArrowDown: (i) => (i + 1) % THEMES.length,
  ArrowLeft: (i) => (i - 1 + THEMES.length) % THEMES.length,
  ArrowUp: (i) => (i - 1 + THEMES.length) % THEMES.length,
  Home: () => 0,
  End: () => THEMES.length - 1,
};

/**
 * Light, dark or follow the system. A radio group written by hand (a toggle-group library weighed ~9 KiB on
 * every page): one Tab stop (roving tabindex), arrow keys move between the options without picking, Enter or
 * Space picks one, and screen readers hear a radio group with the chosen option checked.
 */
export function ThemeToggle() {
  // The chosen theme is known only in the browser; render the group unchecked on the server.
  const chosen = useBrowserValue<ThemeChoice | undefined>(subscribeThemeChoice, readThemeChoice, () => undefined);
  // The option last focused keeps the Tab stop; before any, the chosen one (or the first).
  const [focused, setFocused] = useState<ThemeChoice>();
  const tabStop = focused ?? THEMES.find((t) => t.value === chosen)?.value ?? THEMES[0].value;
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);

  function onKeyDown(event: KeyboardEvent, index: number) {
    const move = MOVES[event.key];
    if (!move) return;
    event.preventDefault();
    buttons.current[move(index)]?.focus();
  }

  return (
    <div role="radiogroup" aria-label="Colour theme" className="inline-flex rounded-md border bg-card p-0.5">
      {THEMES.map(({ value, label, Icon }, index) => (
        <button
          key={value}
          ref={(element) => {
            buttons.current[index] = element;
          }}
          type="button"
          role="radio"
          aria-checked={chosen === value}
          aria-label={label}
          title={label}
          tabIndex={tabStop === value ? 0 : -1}
          onFocus={() => setFocused(value)}
          onKeyDown={(event) => onKeyDown(event, index)}
          onClick={() => setThemeChoice(value)}
          className="inline-flex size-8 items-center justify-center rounded text-muted-foreground hover:text-foreground aria-checked:bg-muted aria-checked:text-foreground"
        >
          <Icon className="size-4" aria-hidden />
        </button>
      ))}
    </div>
  );
}
