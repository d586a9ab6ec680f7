import { useNavigate } from "react-router";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import type { z } from "zod";
import { zRegisterBody, type TRegisterBody } from "@coderoom/shared/schemas/users";
import { passwordSpecials } from "@coderoom/shared/validation";
import { Button } from "../../../components/ui/button.tsx";
import { PasswordField, TextField } from "../../../components/ui/text-field.tsx";
import { upgradeGuest } from "../api/guest-api";

/**
 * Issue 10: a guest picks a name, e-mail and password and becomes a full account.
 * The server keeps the account's id, so every room stays on the dashboard.
 */
export function CreateAccountForm() {
  const navigate = useNavigate();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<z.input<typeof zRegisterBody>, unknown, TRegisterBody>({
    resolver: zodResolver(zRegisterBody),
    mode: "onTouched",
    defaultValues: { fullName: "", email: "", password: "" },
  });

  // Failures are toasted by the http client; the form keeps its values for a retry.
  const onSubmit = handleSubmit(async (values) => {
    try {
      await upgradeGuest(values);
      navigate("/dashboard", { replace: true });
    } catch {
      // already shown
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5">
      <TextField id="upgrade-name" label="Full Name" autoComplete="name" placeholder="Ada Lovelace" error={errors.fullName?.message} {...register("fullName")} />
      <TextField
        id="upgrade-email"
        label="Email"
        type="email"
        autoComplete="email"
        placeholder="you@example.com"
        error={errors.email?.message}
        {...register("email")}
      />
      <PasswordField
        id="upgrade-password"
        label="Password"
        autoComplete="new-password"
        placeholder="At least 8 characters"
        hint={`Use an uppercase letter, a number and one of ${passwordSpecials}`}
        error={errors.password?.message}
        {...register("password")}
      />
      <Button type="submit" className="w-full" size="lg" loading={isSubmitting}>
        Create Account
      </Button>
    </form>
  );
}
