import { useExecutionSetup } from "../api/execution-setup";

/**
 * For admins on the dashboard: why code cannot run on this server, or which languages
 * are missing, with the exact commands to run there. Nothing when all is well.
 */
export function ExecutionSetupHint() {
  const setup = useExecutionSetup(true).data;
  if (!setup || setup.commands.length === 0) return null;
  return (
    <section aria-label="Code execution set-up" className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100">
      <p className="font-medium">{setup.reason ?? `${setup.offered} of ${setup.known} languages can run on this server.`}</p>
      {setup.missing.length > 0 && <p className="mt-1">Not installed: {setup.missing.join(", ")}.</p>}
      <p className="mt-2">As an admin, run on the server:</p>
      <pre className="mt-1 overflow-x-auto rounded bg-amber-100 p-2 font-mono text-xs dark:bg-amber-900">
        <code>{setup.commands.join("\n")}</code>
      </pre>
    </section>
  );
}
