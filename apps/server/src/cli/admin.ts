import { pathToFileURL } from "node:url";
import { loadConfig } from "../config";
import { openDb } from "../db/client";
import { currentOwner, DataDirLockedError } from "../db/data-dir-lock";
import { migrate } from "../db/migrate";
import { makeDataDirPrivate } from "../startup/private-data-dir";
import { sendAdminCommand } from "./admin-channel";
import { runAdmin } from "./admin-commands";

// `npm run admin -- <command>`: the entry only (never imported: it runs main on load);
// the commands are in admin-commands.ts.

/**
 * Runs the command where it is safe: through the running server's admin channel when a
 * server owns the embedded database (a second writer would corrupt it), else on the
 * configured database itself (DATABASE_URL, else PGlite under DATA_DIR), migrated first.
 */
async function main(): Promise<number> {
  const config = loadConfig();
  const owner = config.DATABASE_URL ? null : currentOwner(config.pgliteDir);
  if (owner) {
    if (!owner.adminSocket) throw new DataDirLockedError(config.pgliteDir, owner);
    const reply = await sendAdminCommand(owner.adminSocket, process.argv.slice(2));
    reply.out.forEach((line) => console.log(line));
    reply.err.forEach((line) => console.error(line));
    return reply.code;
  }
  if (!config.DATABASE_URL) makeDataDirPrivate(config.dataDir);
  const handle = await openDb({ url: config.DATABASE_URL, pgliteDir: config.pgliteDir });
  try {
    await migrate(handle);
    // Again: PGlite gives the files it creates at its first start its own modes (0666), not ours.
    if (!config.DATABASE_URL) makeDataDirPrivate(config.dataDir);
    return await runAdmin(handle.db, process.argv.slice(2), { out: console.log, err: console.error });
  } finally {
    await handle.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().then(
    (code) => process.exit(code),
    (err: unknown) => {
      console.error(err instanceof Error ? err.message : err);
      process.exit(1);
    },
  );
}
