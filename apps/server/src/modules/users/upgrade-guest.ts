import { and, eq } from "drizzle-orm";
import { z } from "zod";
import { zSuccess } from "@coderoom/shared/schemas/envelope";
import { zRegisterBody, zUser, type TRegisterBody } from "@coderoom/shared/schemas/users";
import type { AppDeps } from "../../deps";
import { users } from "../../db/schema/users";
import { hasSqlState, UNIQUE_VIOLATION } from "../../db/sql-state";
import { currentUser, type Auth } from "../../http/auth";
import { ok } from "../../http/envelope";
import { forbidden } from "../../http/errors";
import type { App } from "../../http/types";
import { assertUsableEmail, findUserByEmail } from "./accounts";
import { hashPassword } from "./password";
import { authorize } from "./policy";
import { presentUserData } from "./presenter";
import { accountCreationRule } from "./rate-limits";
import { emailTaken } from "./register-user";
import { startSession } from "./session-cookie";
import { revokeAllSessions, type UserRow } from "./sessions";
import { enforceThrottle } from "./throttle";

/**
 * Turns the logged-in guest into a full CODER account with a name, e-mail and
 * password. The row keeps its id, so its rooms, usage and history stay its own.
 * The update is guarded on role = GUEST so two racing requests upgrade once.
 */
export async function upgradeGuest(deps: AppDeps, guest: UserRow, opts: TRegisterBody & { ip: string }): Promise<UserRow> {
  const { db } = deps.db;
  authorize(guest, "upgradeGuest");
  assertUsableEmail(opts.email);
  await enforceThrottle(db, [accountCreationRule(opts.ip)], deps.now());
  if (await findUserByEmail(db, opts.email)) throw emailTaken();
  const passwordHash = await hashPassword(opts.password, deps.config.SCRYPT_LOG_N);
  try {
    const [upgraded] = await db
      .update(users)
      .set({ fullName: opts.fullName, email: opts.email, passwordHash, role: "CODER", updatedAt: deps.now() })
      .where(and(eq(users.id, guest.id), eq(users.role, "GUEST")))
      .returning();
    // Another request upgraded this guest first: it is no longer a guest.
    if (!upgraded) throw forbidden("forbidden", "This account is no longer a guest account");
    return upgraded;
  } catch (err) {
    if (hasSqlState(err, UNIQUE_VIOLATION)) throw emailTaken();
    throw err;
  }
}

/**
 * `POST /users/upgrade-guest` (logged-in guests) and `GET /users/guest-policy` (public:
 * how many idle days a guest account lives, for the web app's warning).
 */
export async function upgradeGuestRoutes(app: App, deps: AppDeps, auth: Auth): Promise<void> {
  app.post(
    "/users/upgrade-guest",
    {
      preHandler: auth.required,
      schema: {
        tags: ["Users"],
        summary: "Turn the logged-in guest into a full account, keeping its rooms",
        body: zRegisterBody,
        response: { 200: zSuccess(zUser) },
      },
    },
    async (request, reply) => {
      const user = await upgradeGuest(deps, currentUser(request), { ...request.body, ip: request.ip });
      // The guest's sessions end with the guest; the new account starts a fresh one.
      await revokeAllSessions(deps.db.db, user.id);
      await startSession(deps, request, reply, user);
      return ok("Account created successfully", await presentUserData(deps, user));
    },
  );

  app.get(
    "/users/guest-policy",
    {
      schema: {
        tags: ["Users"],
        summary: "How long guest accounts and their rooms are kept",
        response: { 200: zSuccess(z.object({ idleDays: z.number() })) },
      },
    },
    async () => ok("Guest accounts are kept while in use", { idleDays: deps.config.GUEST_TTL_DAYS }),
  );
}
