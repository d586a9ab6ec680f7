import { assistantMessages } from "@coderoom/shared/messages";
import { assistantEvents, zAssistantApply, type TAssistantApplyRecord } from "@coderoom/shared/schemas/assistant";
import type { AppDeps } from "../../deps";
import { AssistantRefusal, type AssistantIO, type AssistantUser } from "./assistant-types";
import { countCodeBlocks, findAnswer, recordApply } from "./conversation-store";

/**
 * Records that a person applies (or inserts) a code block of an answer, and tells the
 * room. The edit itself travels as the applier's own document change, so it is live,
 * attributed and undoable; the server refuses it here, as it refuses the CRDT write,
 * for anyone who may not write.
 */
export async function applySuggestion(
  deps: Pick<AppDeps, "db" | "now">,
  req: { user: AssistantUser; roomId: string; canWrite: boolean; payload: unknown; io: AssistantIO },
): Promise<TAssistantApplyRecord> {
  if (!req.canWrite) throw new AssistantRefusal("ai_apply_forbidden", assistantMessages.applyForbidden);
  const parsed = zAssistantApply.safeParse(req.payload);
  if (!parsed.success) throw new AssistantRefusal("ai_answer_not_found", assistantMessages.answerNotFound);
  const { answerId, blockIndex, mode } = parsed.data;
  const db = deps.db.db;
  const answer = await findAnswer(db, req.roomId, answerId);
  if (!answer || blockIndex >= countCodeBlocks(answer.content)) {
    throw new AssistantRefusal("ai_answer_not_found", assistantMessages.answerNotFound);
  }
  const record = await recordApply(db, { answerId, blockIndex, mode, user: req.user, at: deps.now() });
  req.io.toRoom(req.roomId, assistantEvents.applied, { answerId, record });
  return record;
}
