import { Link } from "react-router";
import { CalendarDays, Check, Clock, Copy, Globe, Lock, Pencil, Trash2 } from "lucide-react";
import type { TRoomSummary } from "@coderoom/shared/schemas/rooms";
import { buttonClasses } from "../../../components/ui/button.tsx";
import { Badge } from "../../../components/ui/card.tsx";
import { useCopyRoomLink } from "../hooks/use-copy-room-link";
import { formatIst } from "@coderoom/shared/format/ist-date";
import { relativeTime } from "../utils/relative-time";
import { Tooltip } from "./tooltip.tsx";

interface RoomCardProps {
  room: TRoomSummary;
  now: Date;
  onEdit: (room: TRoomSummary) => void;
  onDelete: (room: TRoomSummary) => void;
}

const iconButton =
  "flex size-9 items-center justify-center rounded-lg text-slate-500 transition-colors hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:text-slate-400 dark:hover:bg-slate-800 dark:hover:text-white";

/** One room of the dashboard list (spec §2 room card). */
export function RoomCard({ room, now, onEdit, onDelete }: RoomCardProps) {
  const { copied, copy } = useCopyRoomLink(room.roomId);
  const titleId = `room-${room.roomId}-title`;
  const lastActive = relativeTime(room.updatedAt, now);

  return (
    <article
      aria-labelledby={titleId}
      data-room-id={room.roomId}
      className="flex min-w-0 flex-col rounded-2xl border border-slate-200 bg-white p-5 shadow-sm transition-shadow hover:shadow-md dark:border-slate-800 dark:bg-slate-900"
    >
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 id={titleId} className="truncate text-base font-semibold text-slate-900 dark:text-white" title={room.roomName}>
            {room.roomName}
          </h3>
          <p className="mt-0.5 font-mono text-sm text-slate-500 dark:text-slate-400">
            ID: <span className="font-semibold tracking-wider text-slate-700 dark:text-slate-200">{room.roomId}</span>
          </p>
        </div>
        <div className="-mt-1 -mr-2 flex shrink-0 items-center">
          <button type="button" className={iconButton} onClick={copy} aria-label={copied ? "Link copied" : "Copy room link"} title="Copy room link">
            {copied ? <Check className="size-4 text-emerald-600 dark:text-emerald-400" aria-hidden /> : <Copy className="size-4" aria-hidden />}
          </button>
          {room.isOwner && (
            <button type="button" className={iconButton} onClick={() => onEdit(room)} aria-label="Edit room settings" title="Edit room settings">
              <Pencil className="size-4" aria-hidden />
            </button>
          )}
          <button
            type="button"
            className={`${iconButton} hover:text-red-600 dark:hover:text-red-400`}
            onClick={() => onDelete(room)}
            aria-label="Delete room"
            title={room.isOwner ? "Delete room" : "Remove from your list"}
          >
            <Trash2 className="size-4" aria-hidden />
          </button>
        </div>
      </div>

      <div className="mt-3 flex flex-wrap gap-2">
        <Badge tone="indigo" className="uppercase">
          {room.language.name}
        </Badge>
        {room.anyoneCanEdit ? (
          <Badge tone="green">
            <Globe className="size-3" aria-hidden />
            Public
          </Badge>
        ) : (
          <Badge tone="amber">
            <Lock className="size-3" aria-hidden />
            Private
          </Badge>
        )}
        {!room.isOwner && <Badge tone="slate">Shared by {room.ownerName}</Badge>}
      </div>

      <dl className="mt-4 space-y-1.5 text-sm text-slate-600 dark:text-slate-400">
        <div className="flex items-center gap-2">
          <Clock className="size-4 shrink-0" aria-hidden />
          <dt>Last active:</dt>
          <dd className="font-medium text-slate-800 dark:text-slate-200">
            {lastActive === "N/A" ? lastActive : <Tooltip label={formatIst(room.updatedAt)}>{lastActive}</Tooltip>}
          </dd>
        </div>
        <div className="flex items-center gap-2">
          <CalendarDays className="size-4 shrink-0" aria-hidden />
          <dt>Created:</dt>
          <dd className="font-medium text-slate-800 dark:text-slate-200">{formatIst(room.createdAt)}</dd>
        </div>
      </dl>

      <div className="mt-auto pt-5">
        <Link to={`/playground/${room.roomId}`} className={buttonClasses("primary", "md", "w-full")}>
          Join Room
        </Link>
      </div>
    </article>
  );
}
