import { Check, Copy, LogOut, Settings, UserX } from "lucide-react";
import { limits } from "@coderoom/shared/constants/limits";
import type { TRoomUser } from "@coderoom/shared/schemas/realtime";
import { Button } from "../../../components/ui/button.tsx";
import { UserAvatar } from "../../../components/ui/user-avatar.tsx";

interface RoomSidebarProps {
  roomId: string;
  roomName: string;
  users: TRoomUser[];
  myId: string;
  isOwner: boolean;
  copied: boolean;
  onCopyLink: () => void;
  onEditSettings: () => void;
  onKick: (userId: string) => void;
  onLeave: () => void;
}

/** Spec §2 sidebar: room ID, settings (owner), copy link, the first 5 active users, kick (owner), Leave Room. */
export function RoomSidebar(props: RoomSidebarProps) {
  const { roomId, roomName, users, myId, isOwner, copied } = props;
  // One row per person: the same user in several tabs is listed once.
  const people = users
    .filter((u, i) => users.findIndex((o) => o.id === u.id) === i)
    .map((u) => ({ ...u, isTyping: users.some((o) => o.id === u.id && o.isTyping) }));
  return (
    <div className="flex h-full flex-col gap-5 p-4 text-slate-200">
      <div>
        <p className="truncate text-sm text-slate-400" title={roomName}>
          {roomName}
        </p>
        <h2 className="font-mono text-lg font-bold text-white">Room ID: {roomId}</h2>
        <div className="mt-3 flex gap-2">
          {isOwner && (
            <Button size="sm" variant="secondary" onClick={props.onEditSettings}>
              <Settings className="size-4" aria-hidden />
              Settings
            </Button>
          )}
          <Button size="sm" variant="secondary" onClick={props.onCopyLink}>
            {copied ? <Check className="size-4" aria-hidden /> : <Copy className="size-4" aria-hidden />}
            {copied ? "Copied" : "Copy Link"}
          </Button>
        </div>
      </div>
      <section aria-labelledby="active-users-heading" className="min-h-0 flex-1">
        <h3 id="active-users-heading" className="mb-2 text-sm font-semibold text-slate-300">
          Active Users ({people.length})
        </h3>
        <ul className="space-y-1">
          {people.slice(0, limits.activeUsersShown).map((u) => (
            <li key={u.id} data-user-id={u.id} className="flex items-center gap-2 rounded-lg px-2 py-1.5 hover:bg-slate-800/60">
              {/* Their colour (as on their caret) rings the avatar: a corner dot would read as online/busy. */}
              <span data-testid="user-color" className="flex shrink-0 rounded-full p-0.5" style={{ backgroundColor: u.color }}>
                <span className="flex rounded-full bg-slate-900 p-px">
                  <UserAvatar src={u.avatar} name={u.name} className="size-7" />
                </span>
              </span>
              <span className="min-w-0 flex-1">
                <span className="block truncate text-sm font-medium">
                  {u.name}
                  {u.id === myId && <span className="text-slate-400"> (you)</span>}
                </span>
                {u.isTyping && <span className="block text-xs text-emerald-400 italic">typing...</span>}
              </span>
              {isOwner && u.id !== myId && (
                <button
                  type="button"
                  onClick={() => props.onKick(u.id)}
                  className="rounded-md p-1.5 text-slate-400 hover:bg-red-500/15 hover:text-red-400 focus-visible:outline-2 focus-visible:outline-indigo-500"
                >
                  <UserX className="size-4" aria-hidden />
                  <span className="sr-only">Kick {u.name}</span>
                </button>
              )}
            </li>
          ))}
        </ul>
      </section>
      <Button variant="danger" onClick={props.onLeave}>
        <LogOut className="size-4" aria-hidden />
        Leave Room
      </Button>
    </div>
  );
}
