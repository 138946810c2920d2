"use client";

import NextLink from "next/link";
import { useRouter } from "next/navigation";
import type { ComponentProps } from "react";

type LinkProps = Omit<ComponentProps<typeof NextLink>, "href" | "prefetch"> & { href: string };

/**
 * Darkroom's one link: Next's, prefetched when a pointer or focus comes to it, not when it enters the viewport.
 * Every page is dynamic and has no loading state, so a prefetch brings little but the route's tree; made for each
 * link on screen as a page hydrated (the navigation, the Overview's cards, the Credits periods), the prefetches were
 * tasks of their own in a phone's first second and up to seven requests a page load (issue 28). A link nobody
 * points at costs nothing.
 */
export function Link({ href, onPointerEnter, onFocus, ...props }: LinkProps) {
  const router = useRouter();
  return (
    <NextLink
      href={href}
      prefetch={false}
      onPointerEnter={(event) => {
        router.prefetch(href);
        onPointerEnter?.(event);
      }}
      onFocus={(event) => {
        router.prefetch(href);
        onFocus?.(event);
      }}
      {...props}
    />
  );
}
