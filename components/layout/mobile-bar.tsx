"use client";

import { Menu, X } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { AccountPanel } from "./account-panel";
import { Brand } from "./brand";
import { NavLinks } from "./nav-links";
import type { ShellUser } from "./user-summary";

/**
 * The phone-width top bar. Its menu is a native modal `<dialog>` (showModal): the browser keeps focus inside,
 * makes the page behind inert and closes it on Escape, which a dialog library would add ~14 KiB to every page for.
 */
export function MobileBar({ user }: { user: ShellUser }) {
  const [open, setOpen] = useState(false);
  const dialog = useRef<HTMLDialogElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const id = useId();

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) element.showModal();
    if (!open && element.open) element.close();
    if (!open) return;
    // The page behind must not scroll under the open menu.
    const root = document.documentElement;
    const overflow = root.style.overflow;
    root.style.overflow = "hidden";
    return () => {
      root.style.overflow = overflow;
    };
  }, [open]);

  return (
    <header className="sticky top-0 z-40 flex h-14 items-center justify-between gap-3 border-b bg-card/95 px-4 backdrop-blur md:hidden">
      <Brand />
      <Button
        ref={trigger}
        variant="ghost"
        size="icon"
        aria-label="Open menu"
        aria-haspopup="dialog"
        className="-mr-2"
        onClick={() => setOpen(true)}
      >
        <Menu className="size-5" aria-hidden />
      </Button>
      {/* A click on the backdrop lands on the dialog itself (its content fills it): it closes, as Escape does. */}
      <dialog
        ref={dialog}
        aria-labelledby={`${id}-title`}
        aria-describedby={`${id}-description`}
        onClick={(event) => event.target === event.currentTarget && setOpen(false)}
        onClose={() => {
          setOpen(false);
          trigger.current?.focus();
        }}
        className="fixed inset-x-0 top-0 m-0 max-h-dvh w-full max-w-none overflow-y-auto rounded-b-xl border border-t-0 bg-card p-0 text-foreground shadow-xl outline-none backdrop:bg-black/50 backdrop:backdrop-blur-[2px]"
      >
        {open && (
          <div className="grid gap-4 p-4 transition duration-150 motion-reduce:transition-none starting:-translate-y-4 starting:opacity-0">
            <div className="flex h-8 items-center">
              <h2 id={`${id}-title`} className="text-base leading-tight font-semibold">
                Menu
              </h2>
              <p id={`${id}-description`} className="sr-only">
                Pages, your account and the colour theme.
              </p>
            </div>
            <nav aria-label="Main">
              <NavLinks role={user.role} onNavigate={() => setOpen(false)} />
            </nav>
            <AccountPanel user={user} className="border-t pt-4" />
            <button
              type="button"
              aria-label="Close menu"
              onClick={() => setOpen(false)}
              className="absolute top-3.5 right-3.5 inline-flex size-8 cursor-pointer items-center justify-center rounded-md text-muted-foreground hover:bg-muted hover:text-foreground"
            >
              <X className="size-4" aria-hidden />
            </button>
          </div>
        )}
      </dialog>
    </header>
  );
}
