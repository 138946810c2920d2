import { Plus } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Link } from "@/components/ui/link";

/** "New batch": in the page's header, and in the list's empty state. */
export function NewBatchLink() {
  return (
    <Button asChild>
      <Link href="/batches/new">
        <Plus aria-hidden />
        New batch
      </Link>
    </Button>
  );
}
