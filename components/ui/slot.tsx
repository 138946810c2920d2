import { cloneElement, isValidElement, type HTMLAttributes, type ReactNode, type Ref } from "react";
import { cn } from "@/lib/utils";

type SlotProps = HTMLAttributes<HTMLElement> & { children?: ReactNode; ref?: Ref<HTMLElement> };

/** Both refs, as one callback. */
function bothRefs(a: Ref<HTMLElement>, b: Ref<HTMLElement>): Ref<HTMLElement> {
  const set = (ref: Ref<HTMLElement>, value: HTMLElement | null) => (typeof ref === "function" ? ref(value) : ref && (ref.current = value));
  return (value: HTMLElement | null) => {
    set(a, value);
    set(b, value);
  };
}

/**
 * Renders its one child element with these props merged in (`asChild`): the child's own props win, except that
 * class names are joined, styles merged, and both event handlers run (the child's first). What every page needs of
 * a slot, without the ~2 KiB a primitives library adds for it.
 */
export function Slot({ children, ...props }: SlotProps) {
  if (!isValidElement<Record<string, unknown>>(children)) return null;
  const own = children.props;
  const merged: Record<string, unknown> = { ...props, ...own };
  for (const [key, value] of Object.entries(props) as [string, unknown][]) {
    const theirs = own[key];
    if (theirs === undefined || value === undefined) continue;
    if (/^on[A-Z]/.test(key) && typeof value === "function" && typeof theirs === "function") {
      merged[key] = (...args: unknown[]) => {
        theirs(...args);
        value(...args);
      };
    } else if (key === "className") merged.className = cn(value as string, theirs as string);
    else if (key === "style") merged.style = { ...(value as object), ...(theirs as object) };
    else if (key === "ref") merged.ref = bothRefs(value as Ref<HTMLElement>, theirs as Ref<HTMLElement>);
  }
  return cloneElement(children, merged);
}
