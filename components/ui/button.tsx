import { cva, type VariantProps } from "class-variance-authority";
import { LoaderCircle } from "lucide-react";
import type { ComponentProps } from "react";
import { cn } from "@/lib/utils";
import { preventRepeatSubmit } from "@/components/shared/repeat-click";
import { Slot } from "./slot";

export const buttonVariants = cva(
  "inline-flex shrink-0 cursor-pointer items-center justify-center gap-2 rounded-md text-sm font-medium whitespace-nowrap transition-colors disabled:pointer-events-none disabled:opacity-60 [&_svg]:size-4 [&_svg]:shrink-0",
  {
    variants: {
      variant: {
        default: "bg-primary text-primary-foreground shadow-sm hover:bg-primary/90",
        secondary: "bg-muted text-foreground hover:bg-muted/70",
        outline: "border border-muted-foreground/30 bg-card shadow-xs hover:bg-muted",
        ghost: "text-muted-foreground hover:bg-muted hover:text-foreground",
        // primary-foreground is the light-on-dark / dark-on-light text colour in both themes.
        destructive: "bg-danger text-primary-foreground shadow-sm hover:bg-danger/90",
      },
      size: {
        default: "h-9 px-4",
        sm: "h-8 px-3",
        lg: "h-10 px-5",
        icon: "size-9",
        "icon-sm": "size-8",
        // Ghost text that lines up with the text above it (sign out, under the account's name).
        flush: "-ml-2 h-9 px-2",
      },
    },
    defaultVariants: { variant: "default", size: "default" },
  },
);

export interface ButtonProps extends ComponentProps<"button">, VariantProps<typeof buttonVariants> {
  /** Renders the child element (a link, say) with the button's look. */
  asChild?: boolean;
  /** Shows a spinner and blocks repeat clicks while a request is in flight. */
  pending?: boolean;
}

/**
 * A submit button makes something (a task, a link, a board, a token, a member): the second click of a double click
 * submits nothing, however fast the server answered the first (components/shared/repeat-click.ts), so no form
 * makes two by accident (issue 45). Other buttons keep every click: a stepper's double click counts twice.
 */
export function Button({
  className,
  variant,
  size,
  asChild = false,
  pending = false,
  disabled,
  children,
  type,
  onClick,
  ...props
}: ButtonProps) {
  if (asChild) {
    return (
      <Slot className={cn(buttonVariants({ variant, size }), className)} onClick={onClick} {...props}>
        {children}
      </Slot>
    );
  }
  return (
    <button
      type={type ?? "button"}
      className={cn(buttonVariants({ variant, size }), className)}
      disabled={disabled || pending}
      aria-busy={pending || undefined}
      onClick={
        type === "submit"
          ? (event) => {
              preventRepeatSubmit(event);
              if (!event.defaultPrevented) onClick?.(event);
            }
          : onClick
      }
      {...props}
    >
      {pending && <LoaderCircle className="animate-spin" aria-hidden />}
      {children}
    </button>
  );
}
