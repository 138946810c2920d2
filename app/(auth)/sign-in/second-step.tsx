"use client";

import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { FormError, FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { authPost } from "@/lib/query/second-factor";

/** After the password, for a member with an authenticator app: a code from it, or one of their recovery codes. */
export function SecondStep({ onSignedIn }: { onSignedIn: () => Promise<void> }) {
  const [recovery, setRecovery] = useState(false);
  const [code, setCode] = useState("");
  const [error, setError] = useState<string>();
  const [pending, setPending] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const value = code.trim();
    if (!value) return setError(recovery ? "Enter one of your recovery codes." : "Enter the 6 digits your app shows.");
    setPending(true);
    setError(undefined);
    try {
      await authPost(recovery ? "/two-factor/verify-backup-code" : "/two-factor/verify-totp", { code: value });
      await onSignedIn();
    } catch (failure) {
      const message = failure instanceof Error ? failure.message : "";
      setError(/invalid/i.test(message) || !message ? "That code is not right. Try again." : message);
      setPending(false);
    }
  }

  return (
    <form noValidate onSubmit={submit} className="grid gap-5">
      <FormError message={error} />
      <FormField
        key={recovery ? "recovery" : "app"}
        label={recovery ? "Recovery code" : "Code from your authenticator app"}
        description={recovery ? "Each recovery code works once." : undefined}
      >
        <Input
          inputMode={recovery ? "text" : "numeric"}
          autoComplete="one-time-code"
          spellCheck={false}
          autoFocus
          value={code}
          onChange={(e) => setCode(e.target.value)}
        />
      </FormField>
      <Button type="submit" size="lg" className="w-full" pending={pending}>
        Verify
      </Button>
      <Button
        type="button"
        variant="ghost"
        onClick={() => {
          setRecovery(!recovery);
          setCode("");
          setError(undefined);
        }}
      >
        {recovery ? "Use a code from the app instead" : "Use a recovery code instead"}
      </Button>
    </form>
  );
}
