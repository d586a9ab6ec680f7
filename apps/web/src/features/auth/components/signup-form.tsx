import { Link } from "react-router";
import { Controller, useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { z } from "zod";
import { avatarTypes } from "@coderoom/shared/constants/limits";
import { validationMessages as m } from "@coderoom/shared/messages";
import { zRegisterBody } from "@coderoom/shared/schemas/users";
import { passwordSpecials } from "@coderoom/shared/validation";
import { AvatarPicker } from "../../../components/ui/avatar-picker.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { PasswordField, TextField } from "../../../components/ui/text-field.tsx";
import { acceptFor, zAvatarFile } from "../../../lib/avatar-file";
import type { TFromState } from "../../../lib/origin";
import { registerWithAvatar } from "../api/auth-api";
import { textLinkClasses } from "./auth-shell.tsx";

const zSignUpForm = zRegisterBody.extend({
  avatar: zAvatarFile({ types: avatarTypes, typeMessage: m.avatarType, required: true }),
});
type TSignUpInput = z.input<typeof zSignUpForm>;
type TSignUpValues = z.output<typeof zSignUpForm>;

/** Spec §2 sign-up: profile picture, full name, email and password. */
export function SignUpForm({ originState }: { originState: TFromState }) {
  const {
    register,
    control,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<TSignUpInput, unknown, TSignUpValues>({
    resolver: zodResolver(zSignUpForm),
    mode: "onTouched",
    defaultValues: { fullName: "", email: "", password: "", avatar: null },
  });

  // Failures are already toasted by the http client; the page redirects once logged in.
  const onSubmit = handleSubmit(({ avatar, ...body }) => registerWithAvatar(body, avatar!).catch(() => undefined));

  return (
    <div className="space-y-6">
      <form onSubmit={onSubmit} noValidate className="space-y-5">
        <Controller
          control={control}
          name="avatar"
          render={({ field }) => (
            <AvatarPicker
              id="signup-avatar"
              label="Profile Picture"
              accept={acceptFor(avatarTypes)}
              value={field.value ?? null}
              onChange={field.onChange}
              onBlur={field.onBlur}
              error={errors.avatar?.message}
              hint="JPG, JPEG, PNG or SVG, up to 5 MB"
              disabled={isSubmitting}
            />
          )}
        />
        <TextField
          id="signup-name"
          label="Full Name"
          autoComplete="name"
          placeholder="Ada Lovelace"
          error={errors.fullName?.message}
          {...register("fullName")}
        />
        <TextField
          id="signup-email"
          label="Email"
          type="email"
          autoComplete="email"
          placeholder="you@example.com"
          error={errors.email?.message}
          {...register("email")}
        />
        <PasswordField
          id="signup-password"
          label="Password"
          autoComplete="new-password"
          placeholder="At least 8 characters"
          hint={`Use an uppercase letter, a number and one of ${passwordSpecials}`}
          error={errors.password?.message}
          {...register("password")}
        />
        <Button type="submit" className="w-full" size="lg" loading={isSubmitting}>
          Sign Up
        </Button>
      </form>
      <p className="text-center text-sm text-slate-600 dark:text-slate-400">
        Already have an account?{" "}
        <Link to="/signin" state={originState} className={textLinkClasses}>
          Sign In
        </Link>
      </p>
    </div>
  );
}
