/** Recovery codes, shown once: each signs in once when the authenticator app is not at hand. */
export function RecoveryCodes({ codes }: { codes: string[] }) {
  return (
    <section aria-labelledby="recovery-codes-title" className="grid gap-2">
      <h3 id="recovery-codes-title" className="text-sm font-medium">
        Recovery codes
      </h3>
      <p className="text-sm text-muted-foreground">
        Keep these somewhere safe, such as a password manager. Each works once, in place of a code from the app. They are not shown again.
      </p>
      <ul className="grid grid-cols-2 gap-1 rounded-md bg-muted p-3 font-mono text-sm" data-testid="recovery-codes">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
    </section>
  );
}
