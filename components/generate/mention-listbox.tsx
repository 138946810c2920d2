"use client";

import { AtSign } from "lucide-react";
import { cn } from "@/lib/utils";

interface MentionListboxProps {
  id: string;
  names: readonly string[];
  activeIndex: number;
  onPick: (name: string) => void;
}

/**
 * The suggestions under the prompt. Focus stays in the textarea, which points at the active option
 * with aria-activedescendant; a mouse click picks without taking focus away.
 */
export function MentionListbox({ id, names, activeIndex, onPick }: MentionListboxProps) {
  return (
    <>
      <ul
        id={id}
        role="listbox"
        aria-label="References to mention"
        className="absolute top-full left-0 z-20 mt-1 max-h-56 w-64 max-w-full overflow-y-auto rounded-md border bg-card p-1 shadow-lg"
      >
        {names.map((name, index) => (
          <li
            key={name}
            id={`${id}-${index}`}
            role="option"
            aria-selected={index === activeIndex}
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => onPick(name)}
            className={cn(
              "flex cursor-pointer items-center gap-2 rounded px-2 py-1.5 text-sm",
              index === activeIndex ? "bg-primary/10 text-foreground" : "hover:bg-muted",
            )}
          >
            <AtSign aria-hidden className="size-3.5 text-muted-foreground" />
            {name}
          </li>
        ))}
      </ul>
      <span role="status" className="sr-only">
        {`${names.length} ${names.length === 1 ? "reference matches" : "references match"}: up and down arrows to choose, Enter to insert.`}
      </span>
    </>
  );
}
