import { Link, useNavigate } from "react-router";
import { Controller, useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import type { z } from "zod";
import { avatarTypes } from "@coderoom/shared/constants/limits";
import { validationMessages as m } from "@coderoom/shared/messages";
import { zUpdateProfileBody, type TUser } from "@coderoom/shared/schemas/users";
import { AvatarPicker } from "../../../components/ui/avatar-picker.tsx";
import { Button, buttonClasses } from "../../../components/ui/button.tsx";
import { TextField } from "../../../components/ui/text-field.tsx";
import { acceptFor, zAvatarFile } from "../../../lib/avatar-file";
import { updateProfile } from "../api/profile-api";

const zEditProfileForm = zUpdateProfileBody.extend({
  avatar: zAvatarFile({ types: avatarTypes, typeMessage: m.avatarType, required: false }),
});
type TInput = z.input<typeof zEditProfileForm>;
type TValues = z.output<typeof zEditProfileForm>;

/** Spec §2 edit profile: avatar (uploaded only if chosen), full name and email; then /profile. */
export function EditProfileForm({ user }: { user: TUser }) {
  const navigate = useNavigate();
  const {
    register,
    control,
    handleSubmit,
    watch,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<TInput, unknown, TValues>({
    resolver: zodResolver(zEditProfileForm),
    mode: "onTouched",
    defaultValues: { fullName: user.fullName, email: user.email, avatar: null },
  });
  // The server wants the current password for a new e-mail (issue 11); an unchanged one needs none.
  const emailChanged = (watch("email") ?? "").trim().toLowerCase() !== user.email.toLowerCase();

  const onSubmit = handleSubmit(async ({ avatar, currentPassword, ...body }) => {
    if (emailChanged && !currentPassword) {
      setError("currentPassword", { message: m.currentPasswordForEmail });
      return;
    }
    try {
      await updateProfile({ ...body, currentPassword: emailChanged ? currentPassword : undefined }, avatar ?? null);
      navigate("/profile");
    } catch (err) {
      // Spec §8: besides the error toast, this failure is only logged.
      console.error("Update profile failed:", (err as Error).message);
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5">
      <Controller
        control={control}
        name="avatar"
        render={({ field }) => (
          <AvatarPicker
            id="edit-avatar"
            label="Profile Picture"
            accept={acceptFor(avatarTypes)}
            value={field.value ?? null}
            onChange={field.onChange}
            onBlur={field.onBlur}
            currentUrl={user.avatar.secure_url}
            error={errors.avatar?.message}
            hint="Optional. JPG, JPEG, PNG or WEBP, up to 5 MB"
            disabled={isSubmitting}
          />
        )}
      />
      <TextField
        id="edit-name"
        label="Full Name"
        autoComplete="name"
        error={errors.fullName?.message}
        {...register("fullName")}
      />
      <TextField
        id="edit-email"
        label="Email"
        type="email"
        autoComplete="email"
        error={errors.email?.message}
        {...register("email")}
      />
      {emailChanged && (
        <TextField
          id="edit-current-password"
          label="Current Password"
          type="password"
          autoComplete="current-password"
          error={errors.currentPassword?.message}
          hint="Needed to change your email"
          {...register("currentPassword")}
        />
      )}
      <div className="flex flex-col-reverse gap-3 pt-2 sm:flex-row sm:justify-end">
        <Link to="/profile" className={buttonClasses("outline")}>
          Cancel
        </Link>
        <Button type="submit" loading={isSubmitting}>
          Save Changes
        </Button>
      </div>
    </form>
  );
}
