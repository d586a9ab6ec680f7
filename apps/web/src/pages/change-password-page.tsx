import { AuthShell } from "../features/auth/components/auth-shell.tsx";
import { ChangePasswordForm } from "../features/auth/components/change-password-form.tsx";

/** /changepassword (logged in). */
export function ChangePasswordPage() {
  return (
    <AuthShell title="Change password" subtitle="Pick a new password with upper- and lowercase letters, a number and a symbol.">
      <ChangePasswordForm />
    </AuthShell>
  );
}
