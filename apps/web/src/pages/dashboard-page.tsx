import { useState } from "react";
import { ChevronDown, Sparkles } from "lucide-react";
import clsx from "clsx";
import { PageContainer } from "../components/ui/page-header.tsx";
import { firstNameOf, useAuth, type TAuthState } from "../lib/auth-store";
import { GuestNotice } from "../features/auth/components/guest-notice.tsx";
import { CreateRoomCard } from "../features/rooms/components/create-room-card.tsx";
import { JoinRoomCard } from "../features/rooms/components/join-room-card.tsx";
import { RoomList } from "../features/rooms/components/room-list.tsx";

/** "Welcome back" only for someone who has been here before (has rooms); guests get no name. */
function greeting({ role, data }: TAuthState): string {
  if (role === "GUEST") return "Welcome to CodeRoom";
  const firstName = firstNameOf(data);
  if (!firstName) return "Your Dashboard";
  return data && data.rooms.length > 0 ? `Welcome back, ${firstName}` : `Welcome, ${firstName}`;
}

/**
 * Spec §2 Dashboard: create a room, join one by ID, and manage the rooms in your list.
 * On a phone the two forms fold behind one button, so the room list starts on the first
 * screen; someone without rooms has no list to see yet and gets the forms open.
 */
export function DashboardPage() {
  const auth = useAuth();
  const [formsOpen, setFormsOpen] = useState(() => (auth.data?.rooms.length ?? 0) === 0);
  return (
    <PageContainer>
      <header className="mb-8">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 dark:text-white">{greeting(auth)}</h1>
        <p className="mt-2 flex items-center gap-2 text-slate-600 dark:text-slate-400">
          <Sparkles className="size-4 shrink-0 text-indigo-500" aria-hidden />
          Tip: every room comes with an AI chatbot and live code execution.
        </p>
      </header>
      {auth.role === "GUEST" && <GuestNotice />}
      <button
        type="button"
        className="mb-4 flex w-full items-center justify-between rounded-xl border border-slate-300 bg-white px-4 py-3 text-sm font-semibold text-slate-800 md:hidden dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100"
        aria-expanded={formsOpen}
        aria-controls="room-forms"
        onClick={() => setFormsOpen((o) => !o)}
      >
        Create or join a room
        <ChevronDown className={clsx("size-4 transition-transform", formsOpen && "rotate-180")} aria-hidden />
      </button>
      <div id="room-forms" className={clsx(formsOpen ? "grid" : "hidden", "gap-6 md:grid md:grid-cols-2")}>
        <CreateRoomCard />
        <JoinRoomCard />
      </div>
      <div className="mt-8 md:mt-12">
        <RoomList />
      </div>
    </PageContainer>
  );
}
