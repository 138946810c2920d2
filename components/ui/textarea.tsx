import type { ComponentProps } from "react";
import { cn } from "@/lib/utils";
import { controlClass } from "./input";

/** A multi-line input with the same border, colours and error look as Input; grows with the page, not the text. */
export function Textarea({ className, ...props }: ComponentProps<"textarea">) {
  return <textarea className={cn(controlClass, "min-h-24 resize-y py-2 leading-relaxed", className)} {...props} />;
}
