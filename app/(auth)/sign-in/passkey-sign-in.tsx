"use client";

import { KeyRound } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { FormError } from "@/components/ui/form-field";
import { passkeyErrorMessage, signInWithPasskey } from "@/lib/query/second-factor";
import { useGoHome } from "../use-go-home";

/** Signing in with a passkey alone: no email or password, the device asks for its own unlock. */
export function PasskeySignIn() {
  const { pending: going, goHome } = useGoHome();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string>();
  async function signIn() {
    setPending(true);
    setError(undefined);
    try {
      await signInWithPasskey();
      goHome();
    } catch (failure) {
      setError(passkeyErrorMessage(failure));
    } finally {
      setPending(false);
    }
  }
  return (
    <div className="mt-5 grid gap-3 border-t border-border pt-5">
      <FormError message={error} />
      <Button variant="outline" size="lg" className="w-full" pending={pending || going} onClick={signIn}>
        {!(pending || going) && <KeyRound aria-hidden />}
        Sign in with a passkey
      </Button>
    </div>
  );
}
