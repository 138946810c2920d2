import { Link } from "@/components/ui/link";
import type { EntryNotice } from "./entry-prefill";

/** "Using “a lighthouse at dawn” (Gamma 5 Pro) as …", the task's name a link to its page. */
export function EntryNoticeText({ notice }: { notice: EntryNotice }) {
  return (
    <>
      {notice.before}
      <Link href={notice.source.href} className="font-medium [overflow-wrap:anywhere] underline underline-offset-4">
        {notice.source.name}
      </Link>
      {notice.after}
    </>
  );
}
