import { Sparkles } from "lucide-react";
import { PageContainer } from "../components/ui/page-header";
import { firstNameOf, useAuth } from "../lib/auth-store";
import { CreateRoomCard } from "../features/rooms/components/create-room-card";
import { JoinRoomCard } from "../features/rooms/components/join-room-card";
import { RoomList } from "../features/rooms/components/room-list";

/** Spec §2 Dashboard: create a room, join one by ID, and manage the rooms in your list. */
export function DashboardPage() {
  const firstName = firstNameOf(useAuth().data);
  return (
    <PageContainer>
      <header className="mb-8">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 dark:text-white">
          {firstName ? `Welcome back, ${firstName}` : "Your Dashboard"}
        </h1>
        <p className="mt-2 flex items-center gap-2 text-slate-600 dark:text-slate-400">
          <Sparkles className="size-4 shrink-0 text-indigo-500" aria-hidden />
          Tip: every room comes with an AI chatbot and live code execution.
        </p>
      </header>
      <div className="grid gap-6 md:grid-cols-2">
        <CreateRoomCard />
        <JoinRoomCard />
      </div>
      <div className="mt-12">
        <RoomList />
      </div>
    </PageContainer>
  );
}
