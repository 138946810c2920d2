import { Link } from "@/components/ui/link";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { formatUtcDateTime } from "@/lib/dates";

export interface AuditLine {
  id: string;
  action: string;
  actorName: string | null;
  subjectId: string | null;
  createdAt: string;
}

const WORDS: Record<string, string> = {
  "setup.first_admin": "set up Darkroom",
  "member.add": "added a member",
  "member.change": "changed a member's access",
  "task.hide_team": "hid a task for the team",
  "task.show_team": "showed a task to the team again",
  "export_token.create": "made an export token",
  "export_token.revoke": "revoked an export token",
  "export_token.renew": "renewed an export token",
  "export_token.expired": "had an export token refused: it has expired",
  "share_link.create": "made a share link",
  "share_link.revoke": "revoked a share link",
  "share_link.first_view": "had a share link opened for the first time",
  "webhook.set": "set the webhook URL",
  "webhook.remove": "removed the webhook",
  "sso.sign_in": "signed in through single sign-on",
  "sso.account_create": "made an account at a first sign-in",
  "sso.link": "linked an account by its verified email",
  "sso.role_change": "changed a member's role from their provider's groups",
  "sso.refused": "refused a sign-in",
  "sso.access_ended": "ended a member's access: their provider no longer lets them in",
  "sso.provider_add": "set up a single sign-on provider",
  "sso.provider_change": "changed a single sign-on provider",
  "sso.provider_remove": "removed a single sign-on provider",
  "sso.passwords": "changed who may sign in with a password",
};

/** Who acted: the member, or single sign-on itself for what it did on a provider's word. */
const actorOf = (entry: AuditLine) => entry.actorName ?? (entry.action.startsWith("sso.") ? "Single sign-on" : "A removed member");

/** The newest audit entries, for admins: who did what, and when (UTC). Team-wide hides link to their task, where they are undone. */
export function AuditCard({ entries }: { entries: AuditLine[] }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Audit log</CardTitle>
        <CardDescription>The latest changes to members and to what the whole team sees.</CardDescription>
      </CardHeader>
      <CardContent>
        {entries.length === 0 ? (
          <p className="text-sm text-muted-foreground">Nothing recorded yet.</p>
        ) : (
          <ul className="grid gap-2 text-sm" data-testid="audit-log">
            {entries.map((entry) => (
              <li key={entry.id} className="flex flex-wrap gap-x-2">
                <time dateTime={entry.createdAt} className="font-mono text-xs text-muted-foreground">
                  {formatUtcDateTime(entry.createdAt)}
                </time>
                <span>
                  {actorOf(entry)} {WORDS[entry.action] ?? entry.action}
                  {entry.action.startsWith("task.") && entry.subjectId && (
                    <>
                      {" "}
                      <Link className="font-mono text-xs underline" href={`/tasks/${encodeURIComponent(entry.subjectId)}`}>
                        {entry.subjectId}
                      </Link>
                    </>
                  )}
                </span>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
