/** Placeholder cards while the room list loads. */
export function RoomListSkeleton({ count = 3 }: { count?: number }) {
  return (
    <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-busy="true" aria-label="Loading rooms">
      {Array.from({ length: count }, (_, i) => (
        <div key={i} className="animate-pulse rounded-2xl border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900">
          <div className="h-5 w-2/3 rounded bg-slate-200 dark:bg-slate-800" />
          <div className="mt-2 h-4 w-1/3 rounded bg-slate-200 dark:bg-slate-800" />
          <div className="mt-4 flex gap-2">
            <div className="h-5 w-16 rounded-full bg-slate-200 dark:bg-slate-800" />
            <div className="h-5 w-14 rounded-full bg-slate-200 dark:bg-slate-800" />
          </div>
          <div className="mt-6 h-9 rounded-lg bg-slate-200 dark:bg-slate-800" />
        </div>
      ))}
    </div>
  );
}
