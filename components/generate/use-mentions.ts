import { useLayoutEffect, useRef, useState, type KeyboardEvent } from "react";
import { completeMention, mentionAtCaret } from "./mentions";

/**
 * @-suggestions for a textarea: which names match what is typed after "@", which one is active, and
 * the keys that move and pick (arrows, Enter or Tab, Escape). Ctrl/Cmd+Enter is left to the form.
 */
export function useMentions({ names, onChange }: { names?: readonly string[]; onChange: (text: string) => void }) {
  const textarea = useRef<HTMLTextAreaElement | null>(null);
  const caretAfterPick = useRef<number | null>(null);
  const [query, setQuery] = useState<string | null>(null);
  const [active, setActive] = useState(0);
  const matches = names && query !== null ? names.filter((name) => name.toLowerCase().startsWith(query.toLowerCase())) : [];
  const open = matches.length > 0;
  const activeIndex = Math.min(active, matches.length - 1);

  // After a pick the new text renders first; only then can the caret go after the inserted name.
  useLayoutEffect(() => {
    const caret = caretAfterPick.current;
    if (caret === null || !textarea.current) return;
    caretAfterPick.current = null;
    textarea.current.setSelectionRange(caret, caret);
  });

  function sync(element: HTMLTextAreaElement) {
    const next = element.selectionStart === element.selectionEnd ? mentionAtCaret(element.value, element.selectionStart) : null;
    if (next !== query) setActive(0);
    setQuery(next);
  }

  function pick(name: string) {
    const element = textarea.current;
    if (!element) return;
    const completed = completeMention(element.value, element.selectionStart, name);
    caretAfterPick.current = completed.caret;
    setQuery(null);
    onChange(completed.text);
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (!open || event.ctrlKey || event.metaKey || event.altKey) return;
    const move = (by: number) => setActive((activeIndex + by + matches.length) % matches.length);
    if (event.key === "ArrowDown") move(1);
    else if (event.key === "ArrowUp") move(-1);
    else if (event.key === "Enter" || event.key === "Tab") pick(matches[activeIndex] ?? "");
    else if (event.key === "Escape") setQuery(null);
    else return;
    event.preventDefault();
    event.stopPropagation();
  }

  return { textarea, matches, open, activeIndex, sync, pick, onKeyDown, close: () => setQuery(null) };
}
