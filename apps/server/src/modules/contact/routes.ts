import { z } from "zod";
import { zSuccess } from "@coderoom/shared/schemas/envelope";
import { zContactBody } from "@coderoom/shared/schemas/users";
import type { AppDeps } from "../../deps";
import type { Auth } from "../../http/auth";
import { ok } from "../../http/envelope";
import type { App } from "../../http/types";
import { sendContactMessage } from "./send-contact-message";

/** `POST /users/contact` (spec §7): the contact form, logged in or not. */
export async function contactRoutes(app: App, deps: AppDeps, auth: Auth): Promise<void> {
  app.post(
    "/users/contact",
    {
      preHandler: auth.optional,
      schema: {
        tags: ["Contact"],
        summary: "Send a message to support",
        body: zContactBody,
        response: { 200: zSuccess(z.null()) },
      },
    },
    async (request) => {
      await sendContactMessage(deps, {
        ...request.body,
        userId: request.user?.id ?? null,
        ip: request.ip,
        log: request.log,
      });
      return ok("Message sent successfully. We will get back to you soon", null);
    },
  );
}
