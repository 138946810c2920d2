"use client";

// The Generate form's fields, bound to its store (form-store.ts): each reads only its own value and error.
import { createContext, useContext, useMemo, useSyncExternalStore, type ReactNode } from "react";
import type { FormStore } from "./form-store";
import type { FormValues } from "./form-values";

const StoreContext = createContext<FormStore<unknown> | null>(null);

export function FormStoreProvider<Result>({ store, children }: { store: FormStore<Result>; children: ReactNode }) {
  return <StoreContext.Provider value={store as FormStore<unknown>}>{children}</StoreContext.Provider>;
}

export function useFormStore(): FormStore<unknown> {
  const store = useContext(StoreContext);
  if (!store) throw new Error("A form field needs a FormStoreProvider above it");
  return store;
}

/** Reads one thing from the store, re-rendering only when it changes. */
function useStored<T>(read: (store: FormStore<unknown>) => T): T {
  const store = useFormStore();
  return useSyncExternalStore(
    store.subscribe,
    () => read(store),
    () => read(store),
  );
}

/** A field's value, error tree, change handler and a ref that lets the form focus it. */
export function useField(name: string) {
  const store = useFormStore();
  const value = useStored((s) => s.values[name]);
  const errors = useStored((s) => s.errors[name]);
  const bound = useMemo(() => ({ onChange: (next: unknown) => store.setValue(name, next), ref: store.register(name) }), [store, name]);
  return { value, errors, ...bound };
}

export const useFieldValue = (name: string): unknown => useStored((s) => s.values[name]);

export const useFormValues = (): FormValues => useStored((s) => s.values);

/** Whether the form is being checked or sent, and its message that belongs to no field. */
export function useFormStatus(): { submitting: boolean; errors: FormStore<unknown>["errors"] } {
  const submitting = useStored((s) => s.submitting);
  const errors = useStored((s) => s.errors);
  return { submitting, errors };
}
