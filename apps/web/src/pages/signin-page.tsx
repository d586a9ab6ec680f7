import { Navigate } from "react-router";
import { useAuth } from "../lib/auth-store";
import { useOrigin } from "../lib/origin";
import { AuthShell } from "../features/auth/components/auth-shell.tsx";
import { SignInForm } from "../features/auth/components/signin-form.tsx";

/** /signin: a logged-in user (including right after signing in) goes to the origin page or /. */
export function SignInPage() {
  const { isLoggedIn } = useAuth();
  const { target, state } = useOrigin();
  if (isLoggedIn) return <Navigate to={target} replace />;
  return (
    <AuthShell title="Welcome back" subtitle="Sign in to continue to your coding rooms.">
      <SignInForm originState={state} />
    </AuthShell>
  );
}
