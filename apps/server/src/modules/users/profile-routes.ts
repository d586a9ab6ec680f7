import { z } from "zod";
import { validationMessages } from "@coderoom/shared/messages";
import { zSuccess } from "@coderoom/shared/schemas/envelope";
import { zUpdateProfileBody, zUser } from "@coderoom/shared/schemas/users";
import type { AppDeps } from "../../deps";
import { currentUser, type Auth } from "../../http/auth";
import { ok } from "../../http/envelope";
import { badRequest } from "../../http/errors";
import type { App } from "../../http/types";
import { readUploadForm, uploadedAvatar, zAvatarFileField } from "../storage/upload-form";
import { presentUserData } from "./presenter";
import { updateProfile } from "./update-profile";

const tags = ["Users"];

/** Profile read and edits, the avatar upload included. */
export async function profileRoutes(app: App, deps: AppDeps, auth: Auth): Promise<void> {
  // Uploads are read in preValidation, after the session check (the origin is checked onRequest for all of /api/v1).
  const beforeUpload = [auth.required, readUploadForm];

  app.get(
    "/users/profile",
    {
      preHandler: auth.required,
      schema: { tags, summary: "The logged-in user", response: { 200: zSuccess(zUser) } },
    },
    async (request) => ok("Profile fetched successfully", await presentUserData(deps, currentUser(request))),
  );

  app.post(
    "/users/avatar",
    {
      preValidation: beforeUpload,
      schema: {
        tags,
        summary: "Upload or replace the profile picture (multipart field `avatar`)",
        consumes: ["multipart/form-data"],
        body: z.object({ avatar: zAvatarFileField }),
        response: { 200: zSuccess(zUser) },
      },
    },
    async (request) => {
      const avatar = uploadedAvatar(request);
      if (!avatar) throw badRequest("file_required", validationMessages.avatarRequired);
      const user = await updateProfile(deps, currentUser(request), { avatar });
      return ok("Profile picture updated successfully", await presentUserData(deps, user));
    },
  );

  app.put(
    "/users/update",
    {
      preValidation: beforeUpload,
      schema: {
        tags,
        summary: "Update name and e-mail, and optionally the picture (JSON or multipart)",
        consumes: ["application/json", "multipart/form-data"],
        body: zUpdateProfileBody.extend({ avatar: zAvatarFileField }),
        response: { 200: zSuccess(zUser) },
      },
    },
    async (request) => {
      const { fullName, email, currentPassword } = request.body;
      const avatar = uploadedAvatar(request);
      const user = await updateProfile(deps, currentUser(request), { fullName, email, avatar, currentPassword }, request.log);
      return ok("Profile updated successfully", await presentUserData(deps, user));
    },
  );
}
