"use client";

import { CalendarDays } from "lucide-react";
import { useId, useRef, useState, type ComponentProps } from "react";
import { formatDayKey, parseDayInput } from "@/lib/day-keys";
import { cn } from "@/lib/utils";
import { controlClass } from "./input";

interface DateInputProps extends Omit<ComponentProps<"input">, "value" | "defaultValue" | "onChange" | "type"> {
  /** The day as `YYYY-MM-DD`, "" for none. */
  value: string;
  /** Called with a whole day (`YYYY-MM-DD`) or "" once the field holds one; half-typed text is not passed on. */
  onChange: (value: string) => void;
  /** Shown while the field is empty: what an empty field means ("No limit"); else a day to show the form. */
  placeholder?: string;
  /** The calendar button's name, e.g. "Calendar for the first day" (not "… for From": a search by the field's label would find it too). */
  calendarLabel: string;
}

/**
 * A date field that reads and writes days the way every page does ("26 Nov 2026"), where a native
 * `<input type="date">` follows the browser's locale (mm/dd/yyyy in an American one). Typed text is read
 * leniently (lib/dates parseDayInput) and rewritten in that form on blur, so the reader sees how it was
 * understood; the button opens the browser's own calendar.
 */
export function DateInput({
  value,
  onChange,
  calendarLabel,
  placeholder = "3 Mar 2026",
  className,
  onBlur,
  "aria-invalid": ariaInvalid,
  "aria-describedby": describedBy,
  ...props
}: DateInputProps) {
  const own = useId();
  const calendar = useRef<HTMLInputElement>(null);
  const [text, setText] = useState(() => formatDayKey(value));
  const [unreadable, setUnreadable] = useState(false);
  // Follow the value when it changes from elsewhere (a cleared filter, the back button), but not while the
  // text already says that day in other words.
  const [seen, setSeen] = useState(value);
  if (value !== seen) {
    setSeen(value);
    if (parseDayInput(text) !== value) {
      setText(formatDayKey(value));
      setUnreadable(false);
    }
  }

  function typed(next: string) {
    setText(next);
    const day = parseDayInput(next);
    if (day === null) return;
    setUnreadable(false);
    if (day !== value) onChange(day);
  }

  function picked(day: string) {
    setText(formatDayKey(day));
    setUnreadable(false);
    if (day !== value) onChange(day);
  }

  function openCalendar() {
    try {
      calendar.current?.showPicker();
    } catch {
      // A browser without showPicker: the field still takes typed dates.
    }
  }

  return (
    <div className="grid gap-1">
      <div className="relative">
        <input
          type="text"
          inputMode="text"
          autoComplete="off"
          spellCheck={false}
          placeholder={placeholder}
          value={text}
          onChange={(event) => typed(event.target.value)}
          onBlur={(event) => {
            const day = parseDayInput(text);
            if (day === null) setUnreadable(true);
            else setText(formatDayKey(day));
            onBlur?.(event);
          }}
          aria-invalid={unreadable || ariaInvalid || undefined}
          aria-describedby={cn(describedBy, `${own}-hint`, unreadable && `${own}-error`) || undefined}
          className={cn(controlClass, "h-9 pr-9", className)}
          {...props}
        />
        <span id={`${own}-hint`} className="sr-only">
          Day, month and year, for example 3 Mar 2026.
        </span>
        {/* The browser's calendar, opened by the button; under the field so its popup opens below it. */}
        <input
          ref={calendar}
          type="date"
          tabIndex={-1}
          aria-hidden
          aria-label="Calendar"
          value={value}
          onChange={(event) => picked(event.target.value)}
          className="pointer-events-none absolute bottom-0 left-0 h-px w-full opacity-0"
        />
        <button
          type="button"
          onClick={openCalendar}
          aria-label={calendarLabel}
          title={calendarLabel}
          className="absolute inset-y-0.5 right-0.5 inline-flex w-8 cursor-pointer items-center justify-center rounded text-muted-foreground hover:bg-muted hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring [&_svg]:size-4"
        >
          <CalendarDays aria-hidden />
        </button>
      </div>
      {unreadable && (
        <p id={`${own}-error`} className="text-sm text-danger">
          Write the day as day, month and year, such as 3 Mar 2026.
        </p>
      )}
    </div>
  );
}
