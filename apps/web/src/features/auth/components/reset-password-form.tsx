import { useNavigate } from "react-router";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import type { z } from "zod";
import { zResetPasswordBody } from "@coderoom/shared/schemas/users";
import { Button } from "../../../components/ui/button.tsx";
import { resetPassword } from "../api/auth-api";
import { NewPasswordFields } from "./new-password-fields.tsx";

type TInput = z.input<typeof zResetPasswordBody>;
type TValues = z.output<typeof zResetPasswordBody>;

/** Spec §2 reset password: new and confirm fields; success goes to /signin. */
export function ResetPasswordForm({ token }: { token: string }) {
  const navigate = useNavigate();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<TInput, unknown, TValues>({
    resolver: zodResolver(zResetPasswordBody),
    mode: "onTouched",
    // The token travels with the form values so the shared schema validates the whole body.
    defaultValues: { resetToken: token, newPassword: "", confirmPassword: "" },
  });

  const onSubmit = handleSubmit(async ({ newPassword, confirmPassword }) => {
    try {
      await resetPassword({ resetToken: token, newPassword, confirmPassword });
      navigate("/signin", { replace: true });
    } catch (err) {
      console.error("Reset password failed:", (err as Error).message);
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5">
      <NewPasswordFields
        idPrefix="reset"
        confirmLabel="Confirm Password"
        newPassword={register("newPassword")}
        confirmPassword={register("confirmPassword")}
        errors={errors}
      />
      <Button type="submit" className="w-full" size="lg" loading={isSubmitting}>
        Reset Password
      </Button>
    </form>
  );
}
