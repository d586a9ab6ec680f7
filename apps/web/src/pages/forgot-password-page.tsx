import { AuthShell } from "../features/auth/components/auth-shell.tsx";
import { ForgotPasswordForm } from "../features/auth/components/forgot-password-form.tsx";

/** /forgotpassword. */
export function ForgotPasswordPage() {
  return (
    <AuthShell title="Forgot your password?" subtitle="Enter your email and we'll send you a link to reset it.">
      <ForgotPasswordForm />
    </AuthShell>
  );
}
