"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { cn } from "@/lib/utils";
import type { Role } from "@/lib/members/roles";
import { isCurrent, navItemsFor } from "./nav-items";

export function NavLinks({ role, onNavigate }: { role: Role; onNavigate?: () => void }) {
  const pathname = usePathname();
  return (
    <ul className="grid gap-1">
      {navItemsFor(role).map(({ href, label, icon: Icon }) => {
        const current = isCurrent(href, pathname);
        return (
          <li key={href}>
            <Link
              href={href}
              onClick={onNavigate}
              aria-current={current ? "page" : undefined}
              className={cn(
                "flex h-10 items-center gap-3 rounded-md px-3 text-sm font-medium transition-colors hover:bg-muted hover:text-foreground md:h-9",
                current ? "bg-muted text-foreground" : "text-muted-foreground",
              )}
            >
              <Icon className={cn("size-4 shrink-0", current && "text-primary")} aria-hidden />
              {label}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
