import { limits } from "@coderoom/shared/constants/limits";
import { realtimeMessages, roomMessages } from "@coderoom/shared/messages";
import { AppError, tooLarge } from "../../http/errors";

/**
 * The one rule for how much code a room holds, for every full text that becomes its code
 * (Save Code, a version saved or restored): at most the API's byte cap and at most
 * COLLAB_MAX_DOC_CHARS characters, the cap live edits obey too.
 */
export function assertCodeFits(code: string, maxChars: number): void {
  if (Buffer.byteLength(code, "utf8") > limits.codeMaxBytes) throw tooLarge(roomMessages.codeTooLarge);
  if (code.length > maxChars) throw new AppError(413, "document_too_large", realtimeMessages.documentTooLarge(maxChars));
}
