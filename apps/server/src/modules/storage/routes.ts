import type { AppDeps } from "../../deps";
import type { App } from "../../http/types";

/** Placeholder: serves stored avatars under /uploads. */
export async function avatarFileRoutes(_app: App, _opts: { deps: AppDeps }): Promise<void> {}
