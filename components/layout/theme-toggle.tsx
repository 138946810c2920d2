"use client";

import { Monitor, Moon, Sun } from "lucide-react";
import { useTheme } from "next-themes";
import { ToggleGroup } from "radix-ui";
import { useSyncExternalStore } from "react";
import { cn } from "@/lib/utils";

const THEMES = [
  { value: "light", label: "Light", Icon: Sun },
  { value: "dark", label: "Dark", Icon: Moon },
  { value: "system", label: "System", Icon: Monitor },
] as const;

const subscribeNever = () => () => {};

/**
 * Light, dark or follow the system. A single-choice toggle group: one Tab stop, arrow keys move
 * between the options, Enter or Space picks one, and screen readers hear a radio group.
 */
export function ThemeToggle() {
  const { theme, setTheme } = useTheme();
  // The chosen theme is known only in the browser; render the group unselected on the server.
  const mounted = useSyncExternalStore(
    subscribeNever,
    () => true,
    () => false,
  );
  return (
    <ToggleGroup.Root
      type="single"
      value={mounted ? (theme ?? "") : ""}
      // Choosing the current option again would clear it: keep a theme chosen.
      onValueChange={(value) => value && setTheme(value)}
      aria-label="Colour theme"
      loop
      className="inline-flex rounded-md border bg-card p-0.5"
    >
      {THEMES.map(({ value, label, Icon }) => (
        <ToggleGroup.Item
          key={value}
          value={value}
          aria-label={label}
          title={label}
          className={cn(
            "inline-flex size-8 items-center justify-center rounded text-muted-foreground hover:text-foreground",
            "data-[state=on]:bg-muted data-[state=on]:text-foreground",
          )}
        >
          <Icon className="size-4" aria-hidden />
        </ToggleGroup.Item>
      ))}
    </ToggleGroup.Root>
  );
}
