import { useState } from "react";
import { Link } from "react-router";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import type { z } from "zod";
import { MailCheck } from "lucide-react";
import { zForgotPasswordBody } from "@coderoom/shared/schemas/users";
import { Button } from "../../../components/ui/button.tsx";
import { TextField } from "../../../components/ui/text-field.tsx";
import { forgotPassword } from "../api/auth-api";
import { textLinkClasses } from "./auth-shell.tsx";

type TInput = z.input<typeof zForgotPasswordBody>;
type TValues = z.output<typeof zForgotPasswordBody>;

/** Spec §2 forgot password: an email field and a Send Reset Link button. */
export function ForgotPasswordForm() {
  const [sentTo, setSentTo] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<TInput, unknown, TValues>({
    resolver: zodResolver(zForgotPasswordBody),
    mode: "onTouched",
    defaultValues: { email: "" },
  });

  const onSubmit = handleSubmit(async ({ email }) => {
    try {
      await forgotPassword(email);
      setSentTo(email);
    } catch (err) {
      // Spec §8: besides the error toast, this failure is only logged.
      console.error("Forgot password failed:", (err as Error).message);
    }
  });

  if (sentTo) {
    return (
      <div className="rounded-xl border border-emerald-200 bg-emerald-50 p-5 text-sm text-emerald-900 dark:border-emerald-500/30 dark:bg-emerald-500/10 dark:text-emerald-200">
        <MailCheck className="mb-3 size-6" aria-hidden />
        <p className="font-semibold">Check your inbox</p>
        <p className="mt-1">
          If an account exists for <strong>{sentTo}</strong>, a link to reset the password is on its way. The link is
          valid for one hour.
        </p>
        <p className="mt-4">
          <Link to="/signin" className={textLinkClasses}>
            Back to Sign In
          </Link>
        </p>
      </div>
    );
  }

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5">
      <TextField
        id="forgot-email"
        label="Email"
        type="email"
        autoComplete="email"
        placeholder="you@example.com"
        error={errors.email?.message}
        {...register("email")}
      />
      <Button type="submit" className="w-full" size="lg" loading={isSubmitting}>
        Send Reset Link
      </Button>
      <p className="text-center text-sm text-slate-600 dark:text-slate-400">
        Remembered it?{" "}
        <Link to="/signin" className={textLinkClasses}>
          Sign In
        </Link>
      </p>
    </form>
  );
}
