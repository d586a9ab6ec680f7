import { Bot, FolderCode, Play } from "lucide-react";
import type { TUser } from "@coderoom/shared/schemas/users";
import { Card } from "../../../components/ui/card.tsx";

/** Spec §2 usage stats: code runs, AI interactions, rooms created (= rooms.length). */
export function UsageStats({ user }: { user: TUser }) {
  const stats = [
    { label: "Code Runs", value: user.codeExecutionCount, icon: Play },
    { label: "AI Interactions", value: user.aiInteractionCount, icon: Bot },
    { label: "Rooms Created", value: user.rooms.length, icon: FolderCode },
  ];
  return (
    <section aria-labelledby="usage-title">
      <h2 id="usage-title" className="mb-3 text-lg font-semibold text-slate-900 dark:text-white">
        Usage
      </h2>
      <div className="grid gap-4 sm:grid-cols-3">
        {stats.map(({ label, value, icon: Icon }) => (
          <Card key={label} className="flex items-center gap-4 p-5">
            <span className="flex size-11 items-center justify-center rounded-xl bg-indigo-50 text-indigo-600 dark:bg-indigo-500/15 dark:text-indigo-300">
              <Icon className="size-5" aria-hidden />
            </span>
            <div>
              <p className="text-2xl font-bold text-slate-900 dark:text-white">{value.toLocaleString("en-IN")}</p>
              <p className="text-sm text-slate-500 dark:text-slate-400">{label}</p>
            </div>
          </Card>
        ))}
      </div>
    </section>
  );
}
