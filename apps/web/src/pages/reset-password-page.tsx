import { useParams } from "react-router";
import { AuthShell } from "../features/auth/components/auth-shell.tsx";
import { ResetPasswordForm } from "../features/auth/components/reset-password-form.tsx";

/** /resetpassword/:token. */
export function ResetPasswordPage() {
  const { token = "" } = useParams();
  return (
    <AuthShell title="Set a new password" subtitle="Choose a strong password you don't use anywhere else.">
      <ResetPasswordForm token={token} />
    </AuthShell>
  );
}
