import { useState, type FormEvent } from "react";
import { limits } from "@coderoom/shared/constants/limits";
import { zRoomName, type TRoomSummary } from "@coderoom/shared/schemas/rooms";
import { Button } from "../../../components/ui/button.tsx";
import { Modal } from "../../../components/ui/modal.tsx";
import { FieldFrame, TextField, inputClasses } from "../../../components/ui/text-field.tsx";
import { useLanguages } from "../../../lib/languages";
import { useUpdateRoom } from "../api/room-mutations";
import { RemovedUsers } from "./removed-users.tsx";

/**
 * Spec §2 "Edit Room Settings": the owner renames the room and sets "Anyone can edit";
 * issue 42: changes its language and lets removed users back in.
 */
export function EditRoomModal({ room, onClose }: { room: TRoomSummary | null; onClose: () => void }) {
  return (
    <Modal open={room !== null} title="Edit Room Settings" onClose={onClose}>
      {room && <EditRoomForm key={room.roomId} room={room} onClose={onClose} />}
    </Modal>
  );
}

function EditRoomForm({ room, onClose }: { room: TRoomSummary; onClose: () => void }) {
  const update = useUpdateRoom();
  const [roomName, setRoomName] = useState(room.roomName);
  const [anyoneCanEdit, setAnyoneCanEdit] = useState(room.anyoneCanEdit);
  const languages = useLanguages();
  const [languageId, setLanguageId] = useState(room.language.id);
  const [touched, setTouched] = useState(false);
  const parsed = zRoomName.safeParse(roomName);
  const error = touched && !parsed.success ? parsed.error.issues[0]?.message : undefined;

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setTouched(true);
    if (!parsed.success) return;
    try {
      // The language only when it changes: the list may lack the room's language while the sandbox is down.
      const language = languageId === room.language.id ? {} : { languageId };
      await update.mutateAsync({ roomId: room.roomId, body: { roomName: parsed.data, anyoneCanEdit, ...language } });
      onClose();
    } catch {
      // The API client showed the server's message; keep the modal open to retry.
    }
  }

  return (
    <form onSubmit={onSubmit} className="space-y-5">
      <TextField
        id="edit-room-name"
        label="Room Name"
        value={roomName}
        maxLength={limits.roomNameMax}
        autoComplete="off"
        data-autofocus
        error={error}
        onBlur={() => setTouched(true)}
        onChange={(e) => setRoomName(e.target.value)}
      />
      <label className="flex cursor-pointer items-start gap-3 rounded-xl border border-slate-200 p-3 hover:bg-slate-50 dark:border-slate-800 dark:hover:bg-slate-800/50">
        <input
          type="checkbox"
          checked={anyoneCanEdit}
          onChange={(e) => setAnyoneCanEdit(e.target.checked)}
          className="mt-0.5 size-4 rounded border-slate-300 accent-indigo-600"
          aria-labelledby="edit-room-anyone-label"
          aria-describedby="edit-room-anyone-hint"
        />
        <span>
          <span id="edit-room-anyone-label" className="block text-sm font-medium text-slate-900 dark:text-white">
            Anyone can edit
          </span>
          <span id="edit-room-anyone-hint" className="block text-sm text-slate-500 dark:text-slate-400">
            Allow other users to edit code in this room
          </span>
        </span>
      </label>
      <FieldFrame id="edit-room-language" label="Programming Language" hint="The code stays as it is; everyone in the room switches at once.">
        <select
          id="edit-room-language"
          className={inputClasses(false)}
          value={String(languageId)}
          disabled={languages.isPending}
          onChange={(e) => setLanguageId(Number(e.target.value))}
        >
          {!languages.data?.some((l) => l.id === room.language.id) && <option value={String(room.language.id)}>{room.language.name}</option>}
          {languages.data?.map((l) => (
            <option key={l.id} value={String(l.id)}>
              {l.label}
            </option>
          ))}
        </select>
      </FieldFrame>
      <RemovedUsers roomId={room.roomId} />
      <div className="flex justify-end gap-3">
        <Button variant="outline" onClick={onClose} disabled={update.isPending}>
          Cancel
        </Button>
        <Button type="submit" loading={update.isPending} disabled={!parsed.success}>
          {update.isPending ? "Saving Changes..." : "Save Changes"}
        </Button>
      </div>
    </form>
  );
}
