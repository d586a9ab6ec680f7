import { executionSetupMessages } from "@coderoom/shared/messages";
import { zSuccess } from "@coderoom/shared/schemas/envelope";
import { zExecutionSetup } from "@coderoom/shared/schemas/execution-setup";
import { zRunBody, zRunQueueState, zRunResult } from "@coderoom/shared/schemas/run";
import type { AppDeps } from "../../deps";
import { currentUser, type Auth } from "../../http/auth";
import { ok } from "../../http/envelope";
import type { App } from "../../http/types";
import { executionSetup } from "./execution-setup";
import { runCode, runQueueState } from "./run-code";
import { runFinishedMessage, runMessages } from "./run-messages";

const tags = ["execution"];

/** `POST /rooms/run` (spec §7), the queue status the playground shows while a run waits, and the admins' set-up hint. */
export async function runRoutes(app: App, deps: AppDeps, auth: Auth): Promise<void> {
  app.post(
    "/rooms/run",
    {
      preHandler: auth.required,
      schema: { tags, summary: "Run code in the sandbox", body: zRunBody, response: { 200: zSuccess(zRunResult) } },
    },
    async (request) => {
      const { result, queued } = await runCode(deps, { user: currentUser(request), body: request.body });
      return ok(runFinishedMessage(result, queued), result);
    },
  );

  app.get(
    "/rooms/run/status",
    { preHandler: auth.required, schema: { tags, summary: "Where my run stands", response: { 200: zSuccess(zRunQueueState) } } },
    async (request) => ok(runMessages.queueState, await runQueueState(deps, currentUser(request))),
  );

  app.get(
    "/execution/setup",
    { preHandler: auth.admin, schema: { tags, summary: "How to make code run here (admins)", response: { 200: zSuccess(zExecutionSetup) } } },
    async () => {
      const { runner, languages } = deps.execution;
      const offeredIds = languages.list().map((l) => l.id);
      return ok(executionSetupMessages.listed, executionSetup({ backend: runner.kind, reason: runner.unavailableReason(), offeredIds }));
    },
  );
}
