"use client";

import { Monitor, Moon, Sun } from "lucide-react";
import { useTheme } from "next-themes";
import { useSyncExternalStore } from "react";
import { cn } from "@/lib/utils";

const THEMES = [
  { value: "light", label: "Light", Icon: Sun },
  { value: "dark", label: "Dark", Icon: Moon },
  { value: "system", label: "System", Icon: Monitor },
] as const;

const subscribeNever = () => () => {};

/** Light, dark or follow the system; a radio group so keyboards and screen readers get it for free. */
export function ThemeToggle() {
  const { theme, setTheme } = useTheme();
  // The chosen theme is known only in the browser; render the group unselected on the server.
  const mounted = useSyncExternalStore(subscribeNever, () => true, () => false);
  return (
    <div role="radiogroup" aria-label="Colour theme" className="inline-flex rounded-md border bg-card p-0.5">
      {THEMES.map(({ value, label, Icon }) => {
        const checked = mounted && theme === value;
        return (
          <button
            key={value}
            type="button"
            role="radio"
            aria-checked={checked}
            aria-label={label}
            title={label}
            onClick={() => setTheme(value)}
            className={cn(
              "inline-flex size-8 items-center justify-center rounded text-muted-foreground hover:text-foreground",
              checked && "bg-muted text-foreground",
            )}
          >
            <Icon className="size-4" aria-hidden />
          </button>
        );
      })}
    </div>
  );
}
