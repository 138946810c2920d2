"use client";

import type { ReactNode } from "react";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import type { ModeInfo } from "@/lib/models/meta";

interface ModeTabsProps {
  modes: readonly ModeInfo[];
  mode: string | undefined;
  onChange: (mode: string) => void;
  /** The chosen mode's form. */
  children: ReactNode;
}

/** A model's modes as tabs, each with its description; the chosen one shows the form. */
export function ModeTabs({ modes, mode, onChange, children }: ModeTabsProps) {
  return (
    <Tabs value={mode} onValueChange={onChange} className="grid gap-5">
      <TabsList aria-label="Mode" className="w-fit flex-wrap">
        {modes.map((option) => (
          <TabsTrigger key={option.value} value={option.value}>
            {option.label}
          </TabsTrigger>
        ))}
      </TabsList>
      {modes.map((option) => (
        <TabsContent key={option.value} value={option.value} className="grid gap-5">
          <p className="text-sm text-muted-foreground">{option.description}</p>
          {option.value === mode && children}
        </TabsContent>
      ))}
    </Tabs>
  );
}
