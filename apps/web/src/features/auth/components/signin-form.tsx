import { useState } from "react";
import { Link } from "react-router";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import type { z } from "zod";
import { UserRound } from "lucide-react";
import { zLoginBody, type TLoginBody } from "@coderoom/shared/schemas/users";
import { zPassword } from "@coderoom/shared/validation";
import { Button } from "../../../components/ui/button.tsx";
import { PasswordField, TextField } from "../../../components/ui/text-field.tsx";
import type { TFromState } from "../../../lib/origin";
import { guestLogin, login } from "../api/auth-api";
import { textLinkClasses } from "./auth-shell.tsx";

/**
 * Spec §5: the sign-in form checks the password with the sign-up rules. The server's
 * login body stays lenient (required only): a password of another shape can never
 * match, so it still gets the one "Invalid email or password", and accounts made
 * under any earlier rule (or by the admin CLI) can always log in.
 */
const zSignInForm = zLoginBody.extend({ password: zPassword });

/** Spec §2 sign-in: email, password (show/hide), forgot-password and sign-up links, guest login. */
export function SignInForm({ originState }: { originState: TFromState }) {
  const [guestBusy, setGuestBusy] = useState(false);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<z.input<typeof zSignInForm>, unknown, TLoginBody>({
    resolver: zodResolver(zSignInForm),
    mode: "onTouched",
    defaultValues: { email: "", password: "" },
  });
  const busy = isSubmitting || guestBusy;

  // Failures are already toasted by the http client; the page redirects once logged in.
  const onSubmit = handleSubmit((values) => login(values).catch(() => undefined));
  const onGuest = async () => {
    setGuestBusy(true);
    await guestLogin().catch(() => undefined);
    setGuestBusy(false);
  };

  return (
    <div className="space-y-6">
      <form onSubmit={onSubmit} noValidate className="space-y-5">
        <TextField
          id="signin-email"
          label="Email"
          type="email"
          autoComplete="email"
          placeholder="you@example.com"
          error={errors.email?.message}
          {...register("email")}
        />
        <PasswordField
          id="signin-password"
          label="Password"
          autoComplete="current-password"
          placeholder="••••••••"
          error={errors.password?.message}
          {...register("password")}
        />
        <Button type="submit" className="w-full" size="lg" loading={isSubmitting} disabled={busy}>
          Sign In
        </Button>
        {/* After the button: Tab from the e-mail reaches the password, then Sign In (issue 42). */}
        <p className="text-right">
          <Link to="/forgotpassword" className={`text-sm ${textLinkClasses}`}>
            Forgot password?
          </Link>
        </p>
      </form>
      <div className="flex items-center gap-3 text-xs text-slate-500 uppercase dark:text-slate-400">
        <span className="h-px flex-1 bg-slate-200 dark:bg-slate-800" />
        or
        <span className="h-px flex-1 bg-slate-200 dark:bg-slate-800" />
      </div>
      <Button variant="outline" size="lg" className="w-full" onClick={onGuest} loading={guestBusy} disabled={busy}>
        {!guestBusy && <UserRound className="size-4" aria-hidden />}
        Continue as Guest
      </Button>
      <p className="text-center text-sm text-slate-600 dark:text-slate-400">
        Don&apos;t have an account?{" "}
        <Link to="/signup" state={originState} className={textLinkClasses}>
          Sign Up
        </Link>
      </p>
    </div>
  );
}
