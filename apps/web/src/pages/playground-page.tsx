import { Navigate, useParams } from "react-router";
import type { TUser } from "@coderoom/shared/schemas/users";
import { useAuth } from "../lib/auth-store";
import { EditRoomModal } from "../features/rooms/components/edit-room-modal.tsx";
import { useCopyRoomLink } from "../features/rooms/hooks/use-copy-room-link";
import { PlaygroundRoom } from "../features/playground/components/playground-room.tsx";
import { AssistantRoomPanel } from "../features/assistant/components/assistant-room-panel.tsx";
import type { TRoomInfo } from "../features/playground/room-reducer";

/** The live room as the dashboard's settings dialog expects it. */
const asSummary = (room: TRoomInfo, owner: TUser) => ({
  ...room,
  ownerName: owner.fullName,
  isOwner: true,
  createdAt: "",
  updatedAt: "",
});

/** /playground/:roomId: the live room (spec §2, §4); no room id → /dashboard. */
export function PlaygroundPage() {
  const { roomId } = useParams();
  const { data: user } = useAuth();
  const link = useCopyRoomLink((roomId ?? "").trim().toUpperCase());
  if (!roomId || !user) return <Navigate to="/dashboard" replace />;
  return (
    <PlaygroundRoom
      key={roomId.toUpperCase()}
      roomId={roomId}
      user={user}
      copyLink={link}
      renderSettings={(room, close) => <EditRoomModal room={asSummary(room, user)} onClose={close} />}
      renderAssistant={(ctx) => (
        <AssistantRoomPanel channel={ctx.channel} joined={ctx.joined} meId={ctx.meId} editor={ctx.editor} canWrite={ctx.canWrite} lastRunFailed={ctx.lastRunFailed} fixRequest={ctx.fixRequest} />
      )}
    />
  );
}
