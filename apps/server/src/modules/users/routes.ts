import { z } from "zod";
import { zSuccess } from "@coderoom/shared/schemas/envelope";
import { zLoginBody, zRegisterBody, zUser } from "@coderoom/shared/schemas/users";
import type { AppDeps } from "../../deps";
import type { Auth } from "../../http/auth";
import { ok } from "../../http/envelope";
import type { App } from "../../http/types";
import { createGuest } from "./guest-login";
import { scheduleHousekeeping } from "./housekeeping";
import { logIn } from "./login";
import { passwordRoutes } from "./password-routes";
import { presentUserData } from "./presenter";
import { profileRoutes } from "./profile-routes";
import { registerUser } from "./register-user";
import { endSession, startSession } from "./session-cookie";
import { upgradeGuestRoutes } from "./upgrade-guest";

const tags = ["Users"];

/** Spec §7 Users: sign-up, log in (password or guest), log out, profile and passwords. */
export async function userRoutes(app: App, deps: AppDeps, auth: Auth): Promise<void> {
  app.post(
    "/users/register",
    {
      schema: {
        tags,
        summary: "Create an account (CODER) and log in",
        body: zRegisterBody,
        response: { 201: zSuccess(zUser) },
      },
    },
    async (request, reply) => {
      const user = await registerUser(deps, { ...request.body, ip: request.ip });
      await startSession(deps, request, reply, user);
      return reply.status(201).send(ok("Account created successfully", await presentUserData(deps, user)));
    },
  );

  app.post(
    "/users/login",
    {
      schema: { tags, summary: "Log in with e-mail and password", body: zLoginBody, response: { 200: zSuccess(zUser) } },
    },
    async (request, reply) => {
      const user = await logIn(deps, { ...request.body, ip: request.ip });
      await startSession(deps, request, reply, user);
      return ok("Logged in successfully", await presentUserData(deps, user));
    },
  );

  app.get(
    "/users/guest-login",
    {
      config: { stateChanging: true },
      schema: { tags, summary: "Create a fresh guest account and log in", response: { 200: zSuccess(zUser) } },
    },
    async (request, reply) => {
      const user = await createGuest(deps, { ip: request.ip });
      await startSession(deps, request, reply, user);
      return ok("Logged in as a guest", await presentUserData(deps, user));
    },
  );

  app.get(
    "/users/logout",
    {
      config: { stateChanging: true },
      schema: { tags, summary: "Log out (also fine when already logged out)", response: { 200: zSuccess(z.null()) } },
    },
    async (request, reply) => {
      await endSession(deps, request, reply);
      return ok("Logged out successfully", null);
    },
  );

  await profileRoutes(app, deps, auth);
  await passwordRoutes(app, deps, auth);
  await upgradeGuestRoutes(app, deps, auth);
  scheduleHousekeeping(app, deps);
}
