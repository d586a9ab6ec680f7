import { useState, type FormEvent } from "react";
import { useNavigate } from "react-router";
import { FolderPlus, Shuffle } from "lucide-react";
import { limits } from "@coderoom/shared/constants/limits";
import { executionSetupMessages } from "@coderoom/shared/messages";
import { Button } from "../../../components/ui/button.tsx";
import { Card } from "../../../components/ui/card.tsx";
import { FieldFrame, TextField, inputClasses } from "../../../components/ui/text-field.tsx";
import { useAuth } from "../../../lib/auth-store";
import { useLanguages, useNoLanguageReason } from "../../../lib/languages";
import { useCreateRoom } from "../api/room-mutations";
import { randomRoomName } from "../utils/random-room-name";
import { DashboardCardHeader } from "./dashboard-card-header.tsx";
import { ExecutionSetupHint } from "./execution-setup-hint.tsx";

/** Spec §2 "Create New Room": name (or Random), language, Create Room → the new room's playground. */
export function CreateRoomCard() {
  const navigate = useNavigate();
  const languages = useLanguages();
  const isAdmin = useAuth().role === "ADMIN";
  // The server's reason is for admins (with the commands below); others get a short note.
  const reason = useNoLanguageReason().data;
  const noLanguage = reason && !isAdmin ? executionSetupMessages.unavailable : reason;
  const create = useCreateRoom();
  const [roomName, setRoomName] = useState("");
  const [languageId, setLanguageId] = useState("");

  const language = languages.data?.find((l) => String(l.id) === languageId);
  const canSubmit = roomName.trim() !== "" && language !== undefined && !create.isPending;

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!canSubmit || !language) return;
    try {
      const roomId = await create.mutateAsync({ roomName: roomName.trim(), languageId: language.id, languageName: language.name });
      navigate(`/playground/${roomId}`);
      setRoomName("");
      setLanguageId("");
    } catch {
      // The API client already showed the server's message; keep the form as it was.
    }
  }

  return (
    <Card className="flex flex-col p-6">
      <DashboardCardHeader icon={FolderPlus} tone="indigo" title="Create New Room" subtitle="Start a fresh collaborative session" />
      <form onSubmit={onSubmit} className="flex flex-1 flex-col gap-4" aria-label="Create New Room">
        <TextField
          id="create-room-name"
          label="Room Name"
          placeholder="e.g. Epic Coders"
          value={roomName}
          maxLength={limits.roomNameMax}
          autoComplete="off"
          onChange={(e) => setRoomName(e.target.value)}
          hint={`Up to ${limits.roomNameMax} characters`}
          aside={
            <Button variant="ghost" size="sm" onClick={() => setRoomName(randomRoomName())} disabled={create.isPending}>
              <Shuffle className="size-4" aria-hidden />
              Random
            </Button>
          }
        />
        <FieldFrame id="create-room-language" label="Programming Language" error={languages.isError ? "Could not load languages" : (noLanguage ?? undefined)}>
          <select
            id="create-room-language"
            className={inputClasses(false)}
            value={languageId}
            disabled={languages.isPending || create.isPending}
            onChange={(e) => setLanguageId(e.target.value)}
          >
            <option value="" disabled>
              Choose your language
            </option>
            {languages.data?.map((l) => (
              <option key={l.id} value={String(l.id)}>
                {l.label}
              </option>
            ))}
          </select>
        </FieldFrame>
        {isAdmin && <ExecutionSetupHint />}
        <Button type="submit" className="mt-auto w-full" disabled={!canSubmit} loading={create.isPending}>
          {create.isPending ? "Creating Room..." : "Create Room"}
        </Button>
      </form>
    </Card>
  );
}
