// "@name" in a prompt points at the image reference with that ref_name (epsilon-v6's reference mode).
// An "@" right after a letter or a dot is part of an address ("me@example.com"), not a mention.

import { REFERENCE_NAME_FIELD } from "./form-fields";

const NAME = "[A-Za-z0-9_-]";
const MENTION = new RegExp(`(^|[^A-Za-z0-9_.@-])@(${NAME}{1,32})(?!${NAME})`, "g");
const TYPING = new RegExp(`(?:^|[^A-Za-z0-9_.@-])@(${NAME}{0,32})$`);

function mentionedNames(prompt: string): string[] {
  return [...new Set([...prompt.matchAll(MENTION)].map((match) => match[2] ?? ""))];
}

/** Names mentioned in the prompt that no reference carries. */
export function unknownMentions(prompt: string, names: readonly string[]): string[] {
  const known = new Set(names);
  return mentionedNames(prompt).filter((name) => !known.has(name));
}

export function unknownMentionMessage(unknown: readonly string[]): string {
  const list = unknown.map((name) => `@${name}`).join(", ");
  return unknown.length === 1
    ? `${list} names no reference: give a reference that name, or change the prompt.`
    : `${list} name no reference: give references those names, or change the prompt.`;
}

/** The partly typed name right before the caret ("" just after "@"), or null when not typing a mention. */
export function mentionAtCaret(text: string, caret: number): string | null {
  const match = TYPING.exec(text.slice(0, caret));
  return match ? (match[1] ?? "") : null;
}

/** The text with the partly typed mention before the caret completed to `name`, and where the caret goes. */
export function completeMention(text: string, caret: number, name: string): { text: string; caret: number } {
  const typed = mentionAtCaret(text, caret) ?? "";
  const start = caret - typed.length;
  const after = text.slice(caret);
  const insert = after.startsWith(" ") ? name : `${name} `;
  return { text: text.slice(0, start) + insert + after, caret: start + insert.length + (after.startsWith(" ") ? 1 : 0) };
}

/** The names given in the form's reference rows, in order, without blanks or repeats. */
export function referenceNames(rows: unknown): string[] {
  if (!Array.isArray(rows)) return [];
  const names = rows.map((row: unknown) =>
    typeof row === "object" && row !== null ? (row as Record<string, unknown>)[REFERENCE_NAME_FIELD] : undefined,
  );
  return [...new Set(names.filter((name): name is string => typeof name === "string" && new RegExp(`^${NAME}{1,32}$`).test(name)))];
}
