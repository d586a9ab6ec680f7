import { useNavigate } from "react-router";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import type { z } from "zod";
import { zChangePasswordBody } from "@coderoom/shared/schemas/users";
import { Button } from "../../../components/ui/button.tsx";
import { PasswordField } from "../../../components/ui/text-field.tsx";
import { changePassword } from "../api/auth-api";
import { NewPasswordFields } from "./new-password-fields.tsx";

type TInput = z.input<typeof zChangePasswordBody>;
type TValues = z.output<typeof zChangePasswordBody>;

/** Spec §2 change password: current, new, confirm; success goes to /profile. */
export function ChangePasswordForm() {
  const navigate = useNavigate();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<TInput, unknown, TValues>({
    resolver: zodResolver(zChangePasswordBody),
    mode: "onTouched",
    defaultValues: { oldPassword: "", newPassword: "", confirmPassword: "" },
  });

  // Spec §5: equal current and new passwords never reach the server: the shared schema stops the submit.
  const onSubmit = handleSubmit(async (values) => {
    try {
      await changePassword(values);
      navigate("/profile");
    } catch {
      // The http client already showed the server's message.
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5">
      <PasswordField
        id="change-current"
        label="Current Password"
        autoComplete="current-password"
        error={errors.oldPassword?.message}
        {...register("oldPassword")}
      />
      <NewPasswordFields
        idPrefix="change"
        confirmLabel="Confirm New Password"
        newPassword={register("newPassword")}
        confirmPassword={register("confirmPassword")}
        errors={errors}
      />
      <Button type="submit" className="w-full" size="lg" loading={isSubmitting}>
        Change Password
      </Button>
    </form>
  );
}
