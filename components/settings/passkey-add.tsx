"use client";

import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { addPasskey, passkeyErrorMessage } from "@/lib/query/second-factor";

/** Adds a passkey of this device (or a security key), named so it can be told apart later. */
export function PasskeyAdd({ onAdded }: { onAdded: () => void }) {
  const [name, setName] = useState("Passkey");
  const [error, setError] = useState<string>();
  const [pending, setPending] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!name.trim()) return setError("Give the passkey a name.");
    setPending(true);
    setError(undefined);
    try {
      await addPasskey(name.trim());
      onAdded();
    } catch (failure) {
      setError(passkeyErrorMessage(failure));
    } finally {
      setPending(false);
    }
  }

  return (
    <form className="flex flex-wrap items-end gap-3" noValidate onSubmit={submit}>
      <FormField label="Passkey name" error={error} className="w-full max-w-xs">
        <Input value={name} maxLength={60} onChange={(e) => setName(e.target.value)} />
      </FormField>
      <Button type="submit" variant="outline" pending={pending}>
        Add a passkey
      </Button>
    </form>
  );
}
