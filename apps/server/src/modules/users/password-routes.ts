import { z } from "zod";
import { zSuccess } from "@coderoom/shared/schemas/envelope";
import { zChangePasswordBody, zForgotPasswordBody, zResetPasswordBody } from "@coderoom/shared/schemas/users";
import type { AppDeps } from "../../deps";
import { currentUser, type Auth } from "../../http/auth";
import { ok } from "../../http/envelope";
import type { App } from "../../http/types";
import { changePassword } from "./change-password";
import { requestPasswordReset, resetPassword } from "./password-reset";
import { startSession } from "./session-cookie";

const tags = ["Users"];
const zNoData = zSuccess(z.null());

/** Change a known password, or recover a forgotten one by e-mail. */
export async function passwordRoutes(app: App, deps: AppDeps, auth: Auth): Promise<void> {
  app.post(
    "/users/change-password",
    {
      preHandler: auth.required,
      schema: {
        tags,
        summary: "Change the password; logs out every other session",
        body: zChangePasswordBody,
        response: { 200: zNoData },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      await changePassword(deps, user, request.body);
      await startSession(deps, request, reply, user);
      return ok("Password changed successfully", null);
    },
  );

  app.post(
    "/users/forgot-password",
    {
      schema: {
        tags,
        summary: "E-mail a reset link (same answer whether or not the account exists)",
        body: zForgotPasswordBody,
        response: { 200: zNoData },
      },
    },
    async (request) => {
      await requestPasswordReset(deps, { email: request.body.email, ip: request.ip, log: request.log });
      return ok("If an account exists for this email, a reset link has been sent to it", null);
    },
  );

  app.post(
    "/users/reset-password",
    {
      schema: {
        tags,
        summary: "Set a new password with the token from the reset e-mail",
        body: zResetPasswordBody,
        response: { 200: zNoData },
      },
    },
    async (request) => {
      await resetPassword(deps, request.body);
      return ok("Password reset successfully. Please log in with your new password", null);
    },
  );
}
