"use client";

import { Menu, X } from "lucide-react";
import { useEffect, useId, useRef, useState, type MouseEvent, type ReactNode } from "react";
import { Button } from "@/components/ui/button";

/**
 * The phone bar's menu: its button and a native modal `<dialog>` (showModal): the browser keeps focus inside,
 * makes the page behind inert and closes it on Escape, which a dialog library would add ~14 KiB to every page
 * for. Its content (the navigation, the account panel) is the server's, passed in: only the open state is here.
 */
export function MobileMenu({ children }: { children: ReactNode }) {
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

  // A click on the backdrop lands on the dialog itself (its content fills it): it closes, as Escape does. A
  // followed link closes it too (the content is the server's, so the links are not told; their click bubbles here).
  function onClick(event: MouseEvent<HTMLDialogElement>) {
    const target = event.target as Element;
    if (target === event.currentTarget || target.closest("a[href]")) setOpen(false);
  }

  return (
    <>
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
      <dialog
        ref={dialog}
        aria-labelledby={`${id}-title`}
        aria-describedby={`${id}-description`}
        onClick={onClick}
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
            {children}
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
    </>
  );
}
