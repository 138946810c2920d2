import { Alert } from "@/components/ui/alert";
import { buttonVariants } from "@/components/ui/button";
import type { SsoButton } from "@/lib/schemas/sso-views";
import { ssoErrorMessage } from "@/lib/schemas/sso-views";

/**
 * The sign-in page's single sign-on: a button per provider (plain links: the start route redirects to the
 * provider, so there is nothing for script to do) and, back from a refused sign-in, what went wrong in words.
 */
export function SsoButtons({ buttons, error }: { buttons: SsoButton[]; error?: string }) {
  const message = ssoErrorMessage(error);
  if (buttons.length === 0 && !message) return null;
  return (
    <div className="grid gap-3">
      {message && (
        <Alert tone="danger" role="alert">
          {message}
        </Alert>
      )}
      {buttons.map((button) => (
        <a key={button.id} href={`/api/auth/sso/start/${button.id}`} className={buttonVariants({ variant: "outline", size: "lg" })}>
          {button.label}
        </a>
      ))}
      {buttons.length > 0 && (
        <p className="flex items-center gap-3 text-xs text-muted-foreground before:h-px before:flex-1 before:bg-border after:h-px after:flex-1 after:bg-border">
          or with a password
        </p>
      )}
    </div>
  );
}
