// The Generate form's state: its values, its errors and whether it is sending, in one store the fields
// subscribe to (use-form.tsx), so a keystroke re-renders the field typed in and what watches it, not the form.
// Checked on submit, then again as fields change (checking on blur would move the button under a click).
import { FORM_ERROR } from "@/lib/query/form-errors";
import { withError, type ErrorTree } from "./error-tree";
import type { FormValues } from "./form-values";

export type Check<Result> = (values: FormValues) => Promise<{ ok: true; submitted: Result } | { ok: false; errors: ErrorTree }>;

export class FormStore<Result> {
  values: FormValues;
  errors: ErrorTree = {};
  submitting = false;
  private submitted = false;
  private readonly listeners = new Set<() => void>();
  /** The controls, by field name, in the order they mounted (the form's order): the first with an error takes focus. */
  private readonly controls = new Map<string, HTMLElement>();

  constructor(
    values: FormValues,
    private readonly check: Check<Result>,
  ) {
    this.values = values;
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private notify(): void {
    for (const listener of this.listeners) listener();
  }

  setValue(name: string, value: unknown): void {
    this.values = { ...this.values, [name]: value };
    this.notify();
    if (this.submitted) void this.recheck(name);
  }

  /** Puts a message on a field (a dotted path reaches a list's row); `shouldFocus` moves the cursor there. */
  setError = (path: string, error: { message?: string }, options?: { shouldFocus?: boolean }): void => {
    this.errors = withError(this.errors, path, error.message ?? "");
    this.notify();
    if (options?.shouldFocus) this.focus(path.split(".")[0]!);
  };

  /** A callback ref for a field's control, so the form can focus it. */
  register(name: string): (element: HTMLElement | null) => void {
    return (element) => {
      if (element) this.controls.set(name, element);
      else this.controls.delete(name);
    };
  }

  focus(name: string): void {
    this.controls.get(name)?.focus();
  }

  /** Checks the whole form: sends what it makes, or shows every field's problem and focuses the first. */
  async submit(send: (result: Result) => Promise<void>): Promise<void> {
    if (this.submitting) return;
    this.submitted = true;
    this.submitting = true;
    this.notify();
    try {
      const checked = await this.check(this.values).catch(() => undefined);
      // The check itself could not run: its code did not load (the connection dropped).
      this.errors = !checked
        ? withError({}, FORM_ERROR, "The form could not be checked. Check your connection and try again.")
        : checked.ok
          ? {}
          : checked.errors;
      this.notify();
      if (checked?.ok) await send(checked.submitted);
      else {
        const first = [...this.controls.keys()].find((name) => name in this.errors);
        if (first) this.focus(first);
      }
    } finally {
      this.submitting = false;
      this.notify();
    }
  }

  /** After a change, the changed field's message is brought up to date; the others keep theirs until the next submit. */
  private async recheck(name: string): Promise<void> {
    const values = this.values;
    const checked = await this.check(values).catch(() => undefined);
    if (!checked || values !== this.values) return;
    const errors = { ...this.errors };
    const fresh = checked.ok ? undefined : checked.errors[name];
    if (fresh === undefined) delete errors[name];
    else errors[name] = fresh;
    this.errors = errors;
    this.notify();
  }
}
