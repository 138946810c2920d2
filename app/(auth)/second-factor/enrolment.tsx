"use client";

import { AuthenticatorAppSetup } from "@/components/settings/authenticator-app-setup";
import { PasskeyAdd } from "@/components/settings/passkey-add";
import { useGoHome } from "../use-go-home";

/** The two ways to set up a second factor; either one lets the member through to their pages. */
export function Enrolment() {
  const { goHome } = useGoHome();
  return (
    <div className="grid gap-6">
      <section aria-labelledby="enrol-passkey" className="grid gap-3">
        <h2 id="enrol-passkey" className="font-medium">
          A passkey
        </h2>
        <p className="text-sm text-muted-foreground">This device&apos;s screen lock, fingerprint or face, or a security key.</p>
        <PasskeyAdd onAdded={goHome} />
      </section>
      <section aria-labelledby="enrol-app" className="grid gap-3">
        <h2 id="enrol-app" className="font-medium">
          Or an authenticator app
        </h2>
        <AuthenticatorAppSetup onDone={goHome} />
      </section>
    </div>
  );
}
