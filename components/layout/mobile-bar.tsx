"use client";

import { Menu } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogTitle, DialogTrigger } from "@/components/ui/dialog";
import { AccountPanel } from "./account-panel";
import { Brand } from "./brand";
import { NavLinks } from "./nav-links";
import type { ShellUser } from "./user-summary";

/** The phone-width top bar; its menu is a modal dialog so focus stays inside until it closes. */
export function MobileBar({ user }: { user: ShellUser }) {
  const [open, setOpen] = useState(false);
  return (
    <header className="sticky top-0 z-40 flex h-14 items-center justify-between gap-3 border-b bg-card/95 px-4 backdrop-blur md:hidden">
      <Brand />
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogTrigger asChild>
          <Button variant="ghost" size="icon" aria-label="Open menu" className="-mr-2">
            <Menu className="size-5" aria-hidden />
          </Button>
        </DialogTrigger>
        <DialogContent placement="top" closeLabel="Close menu" className="gap-4">
          <div className="flex h-8 items-center">
            <DialogTitle className="text-base">Menu</DialogTitle>
            <DialogDescription className="sr-only">Pages, your account and the colour theme.</DialogDescription>
          </div>
          <nav aria-label="Main">
            <NavLinks role={user.role} onNavigate={() => setOpen(false)} />
          </nav>
          <AccountPanel user={user} className="border-t pt-4" />
        </DialogContent>
      </Dialog>
    </header>
  );
}
