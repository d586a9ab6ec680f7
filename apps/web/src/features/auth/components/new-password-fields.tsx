import type { FieldError, UseFormRegisterReturn } from "react-hook-form";
import { limits } from "@coderoom/shared/constants/limits";
import { passwordSpecials } from "@coderoom/shared/validation";
import { PasswordField } from "../../../components/ui/text-field.tsx";

// The strict rule of spec §5 (change and reset): the shared schema enforces it, this only explains it.
const strictPasswordHint = `At least ${limits.passwordMin} characters with upper- and lowercase letters, a number and one of ${passwordSpecials}`;

interface NewPasswordFieldsProps {
  /** Prefix of the input ids: `{idPrefix}-new` and `{idPrefix}-confirm`. */
  idPrefix: string;
  confirmLabel: string;
  newPassword: UseFormRegisterReturn;
  confirmPassword: UseFormRegisterReturn;
  errors: { newPassword?: FieldError; confirmPassword?: FieldError };
}

/** The "New Password" field with the strict-rule hint, then its confirmation (change and reset forms). */
export function NewPasswordFields({ idPrefix, confirmLabel, newPassword, confirmPassword, errors }: NewPasswordFieldsProps) {
  return (
    <>
      <PasswordField
        id={`${idPrefix}-new`}
        label="New Password"
        autoComplete="new-password"
        hint={strictPasswordHint}
        error={errors.newPassword?.message}
        {...newPassword}
      />
      <PasswordField
        id={`${idPrefix}-confirm`}
        label={confirmLabel}
        autoComplete="new-password"
        error={errors.confirmPassword?.message}
        {...confirmPassword}
      />
    </>
  );
}
