// Started as root on Debian/Ubuntu without bubblewrap, `npm start` installs it, so the two
// README commands are enough for code to run. AUTO_INSTALL_SANDBOX=false turns this off.
// Run directly (node scripts/ensure-sandbox.mjs) it does the same and prints its decision.
import { fileURLToPath } from "node:url";
import { aptInstall, onPath, tail } from "./apt.mjs";

/** The setting's default lives here only: start.mjs runs before the server reads its config. */
export const autoInstallSandbox = (env = process.env) => !["false", "0"].includes(env.AUTO_INSTALL_SANDBOX ?? "true");

/**
 * What to do about the sandbox: "install", or why not ("judge0": not needed; "present";
 * "off": the setting; "not-root"; "no-apt": not a Debian/Ubuntu host).
 */
export function sandboxDecision(env = process.env) {
  if ((env.EXECUTION_BACKEND ?? "sandbox") !== "sandbox") return "judge0";
  if (onPath("bwrap")) return "present";
  if (!autoInstallSandbox(env)) return "off";
  if (process.getuid?.() !== 0) return "not-root";
  if (!onPath("apt-get")) return "no-apt";
  return "install";
}

/** Installs bubblewrap when sandboxDecision() says so; returns the decision, or "installed"/"failed". */
export function ensureSandbox(say = (...lines) => console.warn(...lines)) {
  const decision = sandboxDecision();
  if (decision !== "install") return decision;
  say("Installing bubblewrap, the code sandbox (apt-get install bubblewrap; AUTO_INSTALL_SANDBOX=false turns this off)...");
  const result = aptInstall(["bubblewrap"]);
  if (result.ok) return "installed";
  say(`Could not install bubblewrap:\n${tail(result.output)}`);
  return "failed";
}

if (process.argv[1] === fileURLToPath(import.meta.url)) console.log(ensureSandbox());
