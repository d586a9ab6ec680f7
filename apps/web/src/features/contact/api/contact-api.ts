import { loadingMessages } from "@coderoom/shared/messages";
import type { TContactBody } from "@coderoom/shared/schemas/users";
import { api } from "../../../lib/http";

/** POST /users/contact. */
export async function sendContactMessage(body: TContactBody): Promise<void> {
  await api("/users/contact", { method: "POST", body, loading: loadingMessages.sendMessage });
}
