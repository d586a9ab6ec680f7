import { Navigate, useParams } from "react-router";
import { Code2 } from "lucide-react";
import { ComingSoon } from "../components/coming-soon";

/** /playground/:roomId (placeholder until the live editor ships; spec §4: no room id → /dashboard). */
export function PlaygroundPage() {
  const { roomId } = useParams();
  if (!roomId) return <Navigate to="/dashboard" replace />;
  return (
    <ComingSoon title={`Room ${roomId.toUpperCase()}`} icon={Code2} back={{ to: "/dashboard", label: "Back to Dashboard" }}>
      The live editor, shared terminal and AI assistant are on their way. Your room is saved and listed on your
      dashboard; share its ID so teammates can add it to theirs.
    </ComingSoon>
  );
}
