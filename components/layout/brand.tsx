import { Aperture } from "lucide-react";
import { Link } from "@/components/ui/link";

export function Brand() {
  return (
    <Link href="/" className="inline-flex items-center gap-2 rounded-md text-base font-semibold tracking-tight">
      <span className="flex size-7 items-center justify-center rounded-md bg-primary text-primary-foreground">
        <Aperture className="size-4" aria-hidden />
      </span>
      Darkroom
    </Link>
  );
}
