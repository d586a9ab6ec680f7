import { formatIst } from "@coderoom/shared/format/ist-date";
import { Button } from "../../../components/ui/button.tsx";
import { useLetBackIn, useRemovedUsers } from "../api/removed-users";

/** Room settings: the users the owner removed (kept out of the room), each with "Let back in". */
export function RemovedUsers({ roomId }: { roomId: string }) {
  const removed = useRemovedUsers(roomId);
  const letBackIn = useLetBackIn();
  const pendingId = letBackIn.isPending ? letBackIn.variables?.userId : undefined;

  return (
    <section aria-labelledby="removed-users-title" className="space-y-2">
      <h3 id="removed-users-title" className="text-sm font-medium text-slate-700 dark:text-slate-200">
        Removed users
      </h3>
      {removed.isError && <p className="text-sm text-red-600 dark:text-red-400">Could not load the removed users</p>}
      {removed.data?.length === 0 && <p className="text-sm text-slate-500 dark:text-slate-400">No one has been removed from this room</p>}
      {removed.data && removed.data.length > 0 && (
        <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200 dark:divide-slate-800 dark:border-slate-800">
          {removed.data.map((u) => (
            <li key={u.userId} className="flex items-center justify-between gap-3 p-3">
              <span className="min-w-0">
                <span className="block truncate text-sm font-medium text-slate-900 dark:text-white">{u.name}</span>
                <span className="block text-xs text-slate-500 dark:text-slate-400">Removed {formatIst(u.removedAt)}</span>
              </span>
              <Button
                variant="outline"
                size="sm"
                loading={pendingId === u.userId}
                disabled={letBackIn.isPending}
                aria-label={`Let back in: ${u.name}`}
                onClick={() => letBackIn.mutate({ roomId, userId: u.userId })}
              >
                Let back in
              </Button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
