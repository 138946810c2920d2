import { ArrowRight } from "lucide-react";
import { Link } from "@/components/ui/link";
import { Button } from "@/components/ui/button";
import { Card, CardDescription, CardFooter, CardHeader, CardTitle } from "@/components/ui/card";

export function MembersLinkCard({ isAdmin }: { isAdmin: boolean }) {
  return (
    <Card>
      <CardHeader last>
        <CardTitle>Members</CardTitle>
        <CardDescription>
          {isAdmin
            ? "Add people, change what each may do, and disable access."
            : "Only admins can manage members. Ask an admin to add someone or change a role."}
        </CardDescription>
      </CardHeader>
      {isAdmin && (
        <CardFooter>
          <Button asChild variant="outline">
            <Link href="/settings/members">
              Manage members
              <ArrowRight aria-hidden />
            </Link>
          </Button>
        </CardFooter>
      )}
    </Card>
  );
}
