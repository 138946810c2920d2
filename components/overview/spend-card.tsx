import { OverviewCard } from "./overview-card";
import { SpendFigures } from "./spend-figures";

/** Today's spend: the card is the server's; its figures are the live island (SpendFigures). */
export function SpendCard({ viewerId }: { viewerId: string }) {
  return (
    <OverviewCard id="overview-spend" title="Today's spend" link={{ href: "/credits?period=7d", label: "Credits" }}>
      <SpendFigures viewerId={viewerId} />
    </OverviewCard>
  );
}
