import { Navigate } from "react-router";
import { useAuth } from "../lib/auth-store";
import { AuthShell } from "../features/auth/components/auth-shell.tsx";
import { CreateAccountForm } from "../features/auth/components/create-account-form.tsx";
import { useGuestIdleDays } from "../features/auth/api/guest-api";

/** /create-account (logged-in guests): turn the guest into a full account, keeping its rooms. */
export function CreateAccountPage() {
  const { role } = useAuth();
  const idleDays = useGuestIdleDays();
  // Only a guest has something to upgrade; anyone else goes to their dashboard.
  if (role !== "GUEST") return <Navigate to="/dashboard" replace />;
  return (
    <AuthShell
      title="Create your account"
      subtitle={`Keep your rooms: a guest account is deleted after ${idleDays ?? "a few"} days without use. Your rooms move with you.`}
    >
      <CreateAccountForm />
    </AuthShell>
  );
}
