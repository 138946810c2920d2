import { Badge } from "@/components/ui/badge";
import type { Member } from "@/lib/members/schemas";
import { AccessToggle } from "./access-toggle";
import { EndSessionsButton, ResetSecondFactorButton } from "./member-actions";
import { RoleBadge } from "@/components/shared/role-badge";
import { RoleSelect } from "./role-select";

// The pieces of one member that the wide table and the phone cards both show.

export interface MemberRowProps {
  member: Member;
  /** The signed-in admin's own row: shown, but nobody locks themself out from here. */
  isSelf: boolean;
}

export function MemberIdentity({ member, isSelf }: MemberRowProps) {
  return (
    <div className="grid min-w-0 gap-0.5">
      <div className="flex min-w-0 items-center gap-2">
        <span className="truncate font-medium">{member.name}</span>
        {isSelf && <Badge variant="primary">You</Badge>}
      </div>
      <span className="truncate text-sm text-muted-foreground">{member.email}</span>
    </div>
  );
}

export function MemberStatus({ member }: { member: Member }) {
  return member.disabled ? <Badge variant="outline">Disabled</Badge> : <Badge variant="success">Active</Badge>;
}

export function MemberRole({ member, isSelf }: MemberRowProps) {
  return isSelf ? <RoleBadge role={member.role} /> : <RoleSelect member={member} />;
}

export function MemberAccess({ member, isSelf }: MemberRowProps) {
  if (isSelf) return null;
  return (
    <div className="flex flex-wrap gap-2">
      <AccessToggle member={member} />
      {!member.disabled && <EndSessionsButton member={member} />}
      {!member.disabled && <ResetSecondFactorButton member={member} />}
    </div>
  );
}
