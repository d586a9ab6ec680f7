import { Globe, Layers, Lock, Boxes } from "lucide-react";
import { Badge } from "../../../components/ui/card";
import type { roomStats } from "../utils/room-list-filter";

/** The badges above the list: total (when > 1), public, private, languages (when > 1). */
export function RoomStats({ stats }: { stats: ReturnType<typeof roomStats> }) {
  if (stats.total === 0) return null;
  return (
    <ul className="flex flex-wrap gap-2" aria-label="Room counts">
      {stats.total > 1 && (
        <li>
          <Badge tone="indigo">
            <Boxes className="size-3.5" aria-hidden />
            {stats.total} Rooms
          </Badge>
        </li>
      )}
      <li>
        <Badge tone="green">
          <Globe className="size-3.5" aria-hidden />
          {stats.public} Public
        </Badge>
      </li>
      <li>
        <Badge tone="amber">
          <Lock className="size-3.5" aria-hidden />
          {stats.private} Private
        </Badge>
      </li>
      {stats.languages > 1 && (
        <li>
          <Badge tone="violet">
            <Layers className="size-3.5" aria-hidden />
            {stats.languages} Languages
          </Badge>
        </li>
      )}
    </ul>
  );
}
