import { Globe, Layers, Lock, Boxes, type LucideIcon } from "lucide-react";
import { Badge, type TBadgeTone } from "../../../components/ui/card.tsx";
import type { roomStats } from "../utils/room-list-filter";

/** The badges above the list: total (when > 1), public, private, languages (when > 1). */
export function RoomStats({ stats }: { stats: ReturnType<typeof roomStats> }) {
  if (stats.total === 0) return null;
  const badges: { show: boolean; tone: TBadgeTone; icon: LucideIcon; label: string }[] = [
    { show: stats.total > 1, tone: "indigo", icon: Boxes, label: `${stats.total} Rooms` },
    { show: true, tone: "green", icon: Globe, label: `${stats.public} Public` },
    { show: true, tone: "amber", icon: Lock, label: `${stats.private} Private` },
    { show: stats.languages > 1, tone: "violet", icon: Layers, label: `${stats.languages} Languages` },
  ];
  return (
    <ul className="flex flex-wrap gap-2" aria-label="Room counts">
      {badges
        .filter((b) => b.show)
        .map(({ tone, icon: Icon, label }) => (
          <li key={label}>
            <Badge tone={tone}>
              <Icon className="size-3.5" aria-hidden />
              {label}
            </Badge>
          </li>
        ))}
    </ul>
  );
}
