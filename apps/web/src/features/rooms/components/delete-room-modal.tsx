import type { TRoomSummary } from "@coderoom/shared/schemas/rooms";
import { Button } from "../../../components/ui/button.tsx";
import { Modal } from "../../../components/ui/modal.tsx";
import { useDeleteRoom } from "../api/room-mutations";

/**
 * Spec §2 "Delete Room?". The owner deletes the room for everyone; for anyone else the
 * same button only removes it from their own list, and the text says so rather than
 * warn about data loss that will not happen.
 */
export function DeleteRoomModal({ room, onClose }: { room: TRoomSummary | null; onClose: () => void }) {
  const remove = useDeleteRoom();
  const isOwner = room?.isOwner ?? true;

  async function onConfirm() {
    if (!room) return;
    try {
      await remove.mutateAsync(room.roomId);
      onClose();
    } catch {
      // The API client showed the server's message; the user may retry or cancel.
    }
  }

  const close = () => {
    if (!remove.isPending) onClose();
  };

  return (
    <Modal open={room !== null} title={isOwner ? "Delete Room?" : "Remove Room?"} onClose={close}>
      <p className="text-sm text-slate-600 dark:text-slate-300">
        {isOwner
          ? `Are you sure you want to delete "${room?.roomName}"? This action cannot be undone and all room data will be lost.`
          : `Remove "${room?.roomName}" from your list? The room stays available to its owner, and you can join it again with its ID.`}
      </p>
      <div className="mt-6 flex justify-end gap-3">
        <Button variant="outline" onClick={close} disabled={remove.isPending}>
          Cancel
        </Button>
        <Button variant="danger" onClick={onConfirm} loading={remove.isPending}>
          {remove.isPending ? (isOwner ? "Deleting..." : "Removing...") : isOwner ? "Delete Room" : "Remove Room"}
        </Button>
      </div>
    </Modal>
  );
}
