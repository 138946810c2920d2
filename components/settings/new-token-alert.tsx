import type { ReactNode } from "react";
import { Alert } from "@/components/ui/alert";
import { Input } from "@/components/ui/input";

/** A token just made, shown this once (only its hash is kept), ready to copy, with an example of its use. */
export function NewTokenAlert({ token, label, example }: { token: string; label: string; example: ReactNode }) {
  return (
    <Alert tone="success" title="Copy your token now: it is not shown again" role="status">
      <Input readOnly value={token} aria-label={label} className="mt-1 font-mono" onFocus={(event) => event.target.select()} />
      <p className="mt-2 font-mono text-xs break-all">{example}</p>
    </Alert>
  );
}
