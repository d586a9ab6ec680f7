import { useMemo, useState } from "react";
import { FolderOpen, RefreshCw, SearchX } from "lucide-react";
import type { TRoomSummary } from "@coderoom/shared/schemas/rooms";
import { Button } from "../../../components/ui/button.tsx";
import { Card } from "../../../components/ui/card.tsx";
import { useUserRooms } from "../api/get-user-rooms";
import { useNow } from "../hooks/use-now";
import { useRoomListView } from "../hooks/use-room-list-view";
import { describeRoomList, isNarrowed, roomStats } from "../utils/room-list-filter";
import { DeleteRoomModal } from "./delete-room-modal.tsx";
import { EditRoomModal } from "./edit-room-modal.tsx";
import { RoomCard } from "./room-card.tsx";
import { RoomListSkeleton } from "./room-list-skeleton.tsx";
import { RoomListToolbar } from "./room-list-toolbar.tsx";
import { RoomStats } from "./room-stats.tsx";

const noRooms: TRoomSummary[] = [];

/** Spec §2 "Your Coding Rooms": badges, search/filter/sort, the cards, and both empty states. */
export function RoomList() {
  const query = useUserRooms();
  const rooms = query.data ?? noRooms;
  const { view, visible, setSearch, setFilter, setSort } = useRoomListView(rooms);
  const stats = useMemo(() => roomStats(rooms), [rooms]);
  const now = useNow();
  const [editing, setEditing] = useState<TRoomSummary | null>(null);
  const [deleting, setDeleting] = useState<TRoomSummary | null>(null);

  return (
    <section aria-labelledby="your-rooms-title" className="space-y-5">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <h2 id="your-rooms-title" className="text-xl font-bold text-slate-900 dark:text-white">
          Your Coding Rooms
        </h2>
        <RoomStats stats={stats} />
      </div>
      <RoomListToolbar view={view} onSearch={setSearch} onFilter={setFilter} onSort={setSort} />

      {query.isPending ? (
        <RoomListSkeleton />
      ) : query.isError ? (
        <Card className="flex flex-col items-center gap-3 p-10 text-center">
          <p className="text-slate-600 dark:text-slate-300">Your rooms could not be loaded.</p>
          <Button variant="outline" onClick={() => void query.refetch()}>
            <RefreshCw className="size-4" aria-hidden />
            Try again
          </Button>
        </Card>
      ) : (
        <>
          <p className="text-sm text-slate-500 dark:text-slate-400" aria-live="polite">
            {describeRoomList(visible.length, view)}
          </p>
          {visible.length > 0 ? (
            <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
              {visible.map((room) => (
                <RoomCard key={room.roomId} room={room} now={now} onEdit={setEditing} onDelete={setDeleting} />
              ))}
            </div>
          ) : (
            <EmptyState narrowed={isNarrowed(view)} />
          )}
        </>
      )}

      <EditRoomModal room={editing} onClose={() => setEditing(null)} />
      <DeleteRoomModal room={deleting} onClose={() => setDeleting(null)} />
    </section>
  );
}

function EmptyState({ narrowed }: { narrowed: boolean }) {
  const Icon = narrowed ? SearchX : FolderOpen;
  return (
    <div className="flex flex-col items-center rounded-2xl border-2 border-dashed border-slate-200 px-6 py-14 text-center dark:border-slate-800">
      <Icon className="size-10 text-slate-400" aria-hidden />
      <h3 className="mt-4 text-lg font-semibold text-slate-900 dark:text-white">
        {narrowed ? "No matching rooms found" : "No rooms yet"}
      </h3>
      <p className="mt-1 max-w-sm text-sm text-slate-500 dark:text-slate-400">
        {narrowed
          ? "Try adjusting your search or filters to find what you're looking for."
          : "Get started by creating your first collaborative coding room!"}
      </p>
    </div>
  );
}
