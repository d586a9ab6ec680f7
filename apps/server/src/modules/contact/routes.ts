import type { AppDeps } from "../../deps";
import type { Auth } from "../../http/auth";
import type { App } from "../../http/types";

/** Placeholder until its issue lands. */
export async function contactRoutes(_app: App, _deps: AppDeps, _auth: Auth): Promise<void> {}
