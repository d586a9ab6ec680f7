import { lazy, Suspense, useState } from "react";
import { useMutation, useQuery } from "@tanstack/react-query";
import { GitCompare, History, RotateCcw } from "lucide-react";
import toast from "react-hot-toast";
import { formatIst } from "@coderoom/shared/format/ist-date";
import { realtimeMessages } from "@coderoom/shared/messages";
import type { TRoomVersion, TRoomVersionWithCode } from "@coderoom/shared/schemas/realtime";
import { Button } from "../../../components/ui/button.tsx";
import { Modal } from "../../../components/ui/modal.tsx";
import { PageSpinner, Spinner } from "../../../components/ui/spinner.tsx";
import { getVersion, listVersions, restoreVersion, versionKeys } from "../api/room-api";

const VersionDiff = lazy(() => import("../editor/version-diff.tsx"));


interface VersionsPanelProps {
  roomId: string;
  language: { id: number; name: string };
  /** The live text now, for the diff. */
  currentText: () => string;
}

/** The owner's saved versions: name, author, time; compare with the live text; restore. */
export function VersionsPanel({ roomId, language, currentText }: VersionsPanelProps) {
  const versions = useQuery({ queryKey: versionKeys.list(roomId), queryFn: () => listVersions(roomId) });
  const [diff, setDiff] = useState<{ version: TRoomVersionWithCode; current: string } | null>(null);
  const compare = useMutation({
    mutationFn: (v: TRoomVersion) => getVersion(roomId, v.id),
    onSuccess: (version) => setDiff({ version, current: currentText() }),
  });
  const restore = useMutation({
    mutationFn: (v: TRoomVersion) => restoreVersion(roomId, v.id),
    onSuccess: () => {
      toast.success(realtimeMessages.versionRestored);
      setDiff(null);
    },
  });

  if (versions.isPending) return <PageSpinner />;
  if (versions.isError) return <p className="p-3 text-sm text-red-400">Could not load the versions.</p>;
  return (
    <div className="h-full overflow-auto p-3 text-slate-200">
      {versions.data.length === 0 ? (
        <p className="flex items-center gap-2 text-sm text-slate-400">
          <History className="size-4" aria-hidden /> No saved versions yet. Save Code stores one.
        </p>
      ) : (
        <ul className="divide-y divide-slate-800" aria-label="Saved versions">
          {versions.data.map((v) => (
            <li key={v.id} data-version-id={v.id} className="flex flex-wrap items-center gap-3 py-2">
              <span className="min-w-0 flex-1">
                <span className="block truncate text-sm font-medium text-white">{v.name}</span>
                <span className="block text-xs text-slate-400">
                  {v.author.name} · {formatIst(v.createdAt)}
                </span>
              </span>
              <Button size="sm" variant="ghost" onClick={() => compare.mutate(v)} loading={compare.isPending && compare.variables?.id === v.id}>
                <GitCompare className="size-4" aria-hidden />
                Compare<span className="sr-only"> {v.name}</span>
              </Button>
              <Button size="sm" variant="secondary" onClick={() => restore.mutate(v)} loading={restore.isPending && restore.variables?.id === v.id}>
                <RotateCcw className="size-4" aria-hidden />
                Restore<span className="sr-only"> {v.name}</span>
              </Button>
            </li>
          ))}
        </ul>
      )}
      <Modal open={diff !== null} title={diff ? `${diff.version.name} ↔ current code` : ""} onClose={() => setDiff(null)} size="lg">
        {diff && (
          <>
            <Suspense fallback={<Spinner className="size-6" label="Loading diff" />}>
              <VersionDiff original={diff.version.code} modified={diff.current} language={language} />
            </Suspense>
            <div className="mt-4 flex justify-end gap-3">
              <Button variant="outline" onClick={() => setDiff(null)}>
                Close
              </Button>
              <Button onClick={() => restore.mutate(diff.version)} loading={restore.isPending}>
                Restore this version
              </Button>
            </div>
          </>
        )}
      </Modal>
    </div>
  );
}
