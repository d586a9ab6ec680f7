import { Navigate } from "react-router";
import { useAuth } from "../lib/auth-store";
import { useOrigin } from "../lib/origin";
import { AuthShell } from "../features/auth/components/auth-shell.tsx";
import { SignUpForm } from "../features/auth/components/signup-form.tsx";

/** /signup: a logged-in user (including right after registering) goes to the origin page or /. */
export function SignUpPage() {
  const { isLoggedIn } = useAuth();
  const { target, state } = useOrigin();
  if (isLoggedIn) return <Navigate to={target} replace />;
  return (
    <AuthShell title="Create your account" subtitle="Start coding together in minutes. It's free.">
      <SignUpForm originState={state} />
    </AuthShell>
  );
}
