"use client";

import { createContext, useContext, useId, type ComponentProps, type KeyboardEvent } from "react";
import { cn } from "@/lib/utils";

// WAI-ARIA tabs in plain React (they replaced Radix's, and with it roving-focus and collection, on the Generate
// page): the selected tab alone is in the Tab order, arrows/Home/End move along the row and select as they go
// (automatic activation, as Radix did), and only the selected panel is rendered.

interface TabsState {
  value: string | undefined;
  select: (value: string) => void;
  id: (part: "tab" | "panel", value: string) => string;
}

const TabsContext = createContext<TabsState | null>(null);

function useTabs(): TabsState {
  const state = useContext(TabsContext);
  if (!state) throw new Error("Tabs parts must be inside <Tabs>");
  return state;
}

interface TabsProps extends Omit<ComponentProps<"div">, "onChange"> {
  value: string | undefined;
  onValueChange: (value: string) => void;
}

export function Tabs({ value, onValueChange, ...props }: TabsProps) {
  const base = useId();
  const id = (part: "tab" | "panel", tab: string) => `${base}-${part}-${tab}`;
  return (
    <TabsContext.Provider value={{ value, select: onValueChange, id }}>
      <div {...props} />
    </TabsContext.Provider>
  );
}

const MOVES: Record<string, (index: number, count: number) => number> = {
  ArrowRight: (index, count) => (index + 1) % count,
  ArrowLeft: (index, count) => (index - 1 + count) % count,
  Home: () => 0,
  End: (_, count) => count - 1,
};

/** A row of tabs that scrolls sideways on a narrow screen instead of wrapping. */
export function TabsList({ className, onKeyDown, ...props }: ComponentProps<"div">) {
  function move(event: KeyboardEvent<HTMLDivElement>) {
    onKeyDown?.(event);
    const next = MOVES[event.key];
    if (!next || event.defaultPrevented) return;
    const tabs = [...event.currentTarget.querySelectorAll<HTMLButtonElement>('[role="tab"]:not(:disabled)')];
    const index = tabs.findIndex((tab) => tab === document.activeElement);
    if (index < 0) return;
    event.preventDefault();
    const target = tabs[next(index, tabs.length)];
    target?.focus();
    target?.click();
  }
  return (
    <div
      role="tablist"
      aria-orientation="horizontal"
      className={cn("flex max-w-full gap-1 overflow-x-auto rounded-lg border bg-muted/50 p-1", className)}
      onKeyDown={move}
      {...props}
    />
  );
}

export function TabsTrigger({ className, value, ...props }: Omit<ComponentProps<"button">, "value"> & { value: string }) {
  const tabs = useTabs();
  const selected = tabs.value === value;
  return (
    <button
      type="button"
      role="tab"
      id={tabs.id("tab", value)}
      aria-selected={selected}
      aria-controls={tabs.id("panel", value)}
      data-state={selected ? "active" : "inactive"}
      tabIndex={selected ? 0 : -1}
      onClick={() => tabs.select(value)}
      className={cn(
        "inline-flex h-8 shrink-0 cursor-pointer items-center justify-center rounded-md px-3 text-sm font-medium whitespace-nowrap text-muted-foreground transition-colors hover:text-foreground",
        "data-[state=active]:bg-card data-[state=active]:text-foreground data-[state=active]:shadow-sm",
        className,
      )}
      {...props}
    />
  );
}

export function TabsContent({ value, ...props }: ComponentProps<"div"> & { value: string }) {
  const tabs = useTabs();
  if (tabs.value !== value) return null;
  return <div role="tabpanel" id={tabs.id("panel", value)} aria-labelledby={tabs.id("tab", value)} tabIndex={0} {...props} />;
}
