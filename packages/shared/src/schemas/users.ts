import { z } from "zod";
import { roles } from "../constants/roles";
import { validationMessages as m } from "../messages";
import {
  zConfirmPassword,
  zContactMessage,
  zEmail,
  zEmailAddress,
  zFullName,
  zPassword,
  zStrictPassword,
} from "../validation";

/**
 * The user object of spec §3. Register, login, guest-login, profile, avatar upload and
 * update answer it as `data` itself (no wrapper): the original client stores `data` as
 * the user and reads `data._id`, `data.role`, `data.fullName`, `data.avatar.secure_url`.
 */
export const zUser = z.object({
  _id: z.string(),
  fullName: z.string(),
  email: z.string(),
  role: z.enum(roles),
  avatar: z.object({ secure_url: z.string().nullable() }),
  subscription: z.object({
    id: z.string().nullable(),
    status: z.enum(["active", "inactive", "cancelled"]),
    plan: z.enum(["basic", "pro"]).nullable(),
    expiresOn: z.string().nullable(),
  }),
  codeExecutionCount: z.number().int(),
  aiInteractionCount: z.number().int(),
  rooms: z.array(z.string()),
  createdAt: z.string(),
});
export type TUser = z.infer<typeof zUser>;

export const zRegisterBody = z.object({ fullName: zFullName, email: zEmail, password: zPassword });
export const zLoginBody = z.object({
  email: zEmail,
  password: z.string({ error: m.passwordRequired }).min(1, m.passwordRequired).max(256),
});
/** `currentPassword` is needed only when the e-mail changes (issue 11); the original client never sends it. */
export const zUpdateProfileBody = z.object({
  fullName: zFullName,
  email: zEmailAddress,
  currentPassword: z.string().max(256).optional(),
});
export const zForgotPasswordBody = z.object({ email: zEmailAddress });

const withConfirm = <T extends z.ZodRawShape>(shape: T) =>
  z.object({ ...shape, newPassword: zStrictPassword(), confirmPassword: zConfirmPassword });

export const zChangePasswordBody = withConfirm({
  oldPassword: z.string({ error: m.currentPasswordRequired }).min(1, m.currentPasswordRequired).max(256),
})
  .refine((v) => v.newPassword === v.confirmPassword, { message: m.confirmMismatch, path: ["confirmPassword"] })
  .refine((v) => v.newPassword !== v.oldPassword, { message: m.newPasswordSame, path: ["newPassword"] });

export const zResetPasswordBody = withConfirm({
  resetToken: z.string().min(1).max(200),
  password: z.string().max(256).optional(),
}).refine((v) => v.newPassword === v.confirmPassword, {
  message: m.confirmMismatch,
  path: ["confirmPassword"],
});

export const zContactBody = z.object({
  name: zFullName,
  email: zEmail,
  message: zContactMessage,
});

export type TRegisterBody = z.infer<typeof zRegisterBody>;
export type TLoginBody = z.infer<typeof zLoginBody>;
export type TUpdateProfileBody = z.infer<typeof zUpdateProfileBody>;
export type TChangePasswordBody = z.infer<typeof zChangePasswordBody>;
export type TResetPasswordBody = z.infer<typeof zResetPasswordBody>;
export type TContactBody = z.infer<typeof zContactBody>;
