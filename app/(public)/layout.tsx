import { Aperture } from "lucide-react";
import type { ReactNode } from "react";
import { ThemeToggle } from "@/components/layout/theme-toggle";

// Pages anyone may open with no account (share links): no dashboard around them, and no link into it.
export default function PublicLayout({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col">
      <header className="flex items-center justify-between gap-4 px-4 py-4 sm:px-6">
        <span className="inline-flex items-center gap-2 text-base font-semibold tracking-tight">
          <span className="flex size-7 items-center justify-center rounded-md bg-primary text-primary-foreground">
            <Aperture className="size-4" aria-hidden />
          </span>
          Darkroom
        </span>
        <ThemeToggle />
      </header>
      <main className="mx-auto w-full max-w-7xl flex-1 px-4 pt-2 pb-16 sm:px-6">{children}</main>
    </div>
  );
}
