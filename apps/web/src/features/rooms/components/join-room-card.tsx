import { useState, type FormEvent } from "react";
import { useNavigate } from "react-router";
import { LogIn } from "lucide-react";
import { limits } from "@coderoom/shared/constants/limits";
import { Button } from "../../../components/ui/button.tsx";
import { Card } from "../../../components/ui/card.tsx";
import { TextField } from "../../../components/ui/text-field.tsx";
import { useJoinRoom } from "../api/room-mutations";
import { isCompleteRoomId, normalizeRoomIdInput } from "../utils/room-id-input";
import { DashboardCardHeader } from "./dashboard-card-header.tsx";

/**
 * Spec §2 "Join Existing Room": a 6-character ID, upper-cased with anything but
 * letters and digits dropped. The room is looked up before leaving the dashboard, so a
 * mistyped ID gets "Room not found" here instead of a bounce back from the playground.
 * The input has no maxLength: it would cut a pasted "ab-12-cd" before the dashes go.
 */
export function JoinRoomCard() {
  const navigate = useNavigate();
  const join = useJoinRoom();
  const [code, setCode] = useState("");
  const canSubmit = isCompleteRoomId(code) && !join.isPending;

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!canSubmit) return;
    try {
      const room = await join.mutateAsync(code);
      navigate(`/playground/${room.roomId}`);
    } catch {
      // The API client already showed the server's message; let the user fix the ID.
    }
  }

  return (
    <Card className="flex flex-col p-6">
      <DashboardCardHeader icon={LogIn} tone="emerald" title="Join Existing Room" subtitle="Enter the ID a teammate shared with you" />
      <form onSubmit={onSubmit} className="flex flex-1 flex-col gap-4" aria-label="Join Existing Room">
        <TextField
          id="join-room-id"
          label="6-Digit Room ID"
          placeholder="AB12CD"
          value={code}
          minLength={limits.roomIdLength}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          className="font-mono text-lg tracking-[0.4em] uppercase"
          onChange={(e) => setCode(normalizeRoomIdInput(e.target.value))}
          hint="Letters and numbers only"
          aside={
            <span className="font-mono text-xs text-slate-500 tabular-nums dark:text-slate-400" aria-live="polite">
              {code.length}/{limits.roomIdLength}
            </span>
          }
        />
        <p className="rounded-xl bg-slate-50 p-3 text-sm text-slate-600 dark:bg-slate-800/60 dark:text-slate-300">
          Ask the room owner for its ID, or open a room link they shared. Joined rooms show up in your list below.
        </p>
        <Button type="submit" variant="outline" className="mt-auto w-full" disabled={!canSubmit} loading={join.isPending}>
          {join.isPending ? "Joining Room..." : "Join Room"}
        </Button>
      </form>
    </Card>
  );
}
