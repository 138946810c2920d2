import type { Member } from "@/lib/members/schemas";
import { MemberAccess, MemberIdentity, MemberRole, MemberStatus } from "./member-cells";

interface MembersListProps {
  members: Member[];
  currentUserId: string;
}

/** Wide screens: one row per member. */
export function MembersTable({ members, currentUserId }: MembersListProps) {
  return (
    <table className="hidden w-full text-sm md:table">
      <caption className="sr-only">Members, their roles and whether they can sign in</caption>
      <thead>
        <tr className="border-b text-left text-xs font-medium text-muted-foreground">
          <th scope="col" className="px-6 py-2.5 font-medium">
            Name
          </th>
          <th scope="col" className="w-52 px-3 py-2.5 font-medium">
            Role
          </th>
          <th scope="col" className="w-28 px-3 py-2.5 font-medium">
            Status
          </th>
          <th scope="col" className="w-32 px-6 py-2.5 text-right font-medium">
            <span className="sr-only">Access</span>
          </th>
        </tr>
      </thead>
      <tbody className="divide-y">
        {members.map((member) => {
          const isSelf = member.id === currentUserId;
          return (
            <tr key={member.id} className="align-top">
              <td className="max-w-0 px-6 py-3.5">
                <MemberIdentity member={member} isSelf={isSelf} />
              </td>
              <td className="px-3 py-3">
                <MemberRole member={member} isSelf={isSelf} />
              </td>
              <td className="px-3 py-3.5">
                <MemberStatus member={member} />
              </td>
              <td className="px-6 py-3 text-right">
                <MemberAccess member={member} isSelf={isSelf} />
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

/** Phone width: a stacked card per member, controls below the name. */
export function MemberCards({ members, currentUserId }: MembersListProps) {
  return (
    <ul className="divide-y md:hidden">
      {members.map((member) => {
        const isSelf = member.id === currentUserId;
        return (
          <li key={member.id} className="grid gap-3 px-5 py-4">
            <div className="flex items-start justify-between gap-3">
              <MemberIdentity member={member} isSelf={isSelf} />
              <MemberStatus member={member} />
            </div>
            <div className="flex flex-wrap items-start justify-between gap-3">
              <MemberRole member={member} isSelf={isSelf} />
              <MemberAccess member={member} isSelf={isSelf} />
            </div>
          </li>
        );
      })}
    </ul>
  );
}
