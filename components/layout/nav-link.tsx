"use client";

import { usePathname } from "next/navigation";
import type { ReactNode } from "react";
import { Link } from "@/components/ui/link";
import { isCurrent } from "./nav-current";

/**
 * One navigation link: the only part of the navigation that holds state (which page is open), so the only part
 * hydrated. The list, labels and icons are the server's (NavLinks); the look of the current link follows
 * aria-current in CSS, so screen readers and eyes read the same mark.
 */
export function NavLink({ href, className, children }: { href: string; className: string; children: ReactNode }) {
  const current = isCurrent(href, usePathname());
  return (
    <Link href={href} aria-current={current ? "page" : undefined} className={className}>
      {children}
    </Link>
  );
}
