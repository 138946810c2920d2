import type { ComponentProps } from "react";
import { cn } from "@/lib/utils";
import { Slot } from "./slot";

export function Card({ className, ...props }: ComponentProps<"div">) {
  return <div className={cn("rounded-xl border bg-card text-foreground shadow-sm", className)} {...props} />;
}

/** `last`: nothing follows it in the card, so it keeps its bottom padding. */
export function CardHeader({ className, last = false, ...props }: ComponentProps<"div"> & { last?: boolean }) {
  return <div className={cn("grid gap-1.5 p-5 sm:p-6", !last && "pb-0 sm:pb-0", className)} {...props} />;
}

/** An h2 by default; pass asChild to wrap the right heading level for the page. The page's text size, or the caller's. */
export function CardTitle({ className, asChild = false, ...props }: ComponentProps<"h2"> & { asChild?: boolean }) {
  const Component = asChild ? Slot : "h2";
  return <Component className={cn("leading-tight font-semibold tracking-tight", className)} {...props} />;
}

export function CardDescription({ className, ...props }: ComponentProps<"p">) {
  return <p className={cn("text-sm text-muted-foreground", className)} {...props} />;
}

export function CardContent({ className, ...props }: ComponentProps<"div">) {
  return <div className={cn("p-5 sm:p-6", className)} {...props} />;
}

export function CardFooter({ className, ...props }: ComponentProps<"div">) {
  return <div className={cn("flex flex-wrap items-center gap-3 border-t px-5 py-4 sm:px-6", className)} {...props} />;
}
