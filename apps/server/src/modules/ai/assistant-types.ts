import type { TErrorCode } from "@coderoom/shared/error-codes";
import type { TServerEvent, TServerPayload } from "@coderoom/shared/schemas/editor-events";
import type { TRunResult } from "@coderoom/shared/schemas/run";

/** The asker, as the room channel knows them (from the session). */
export interface AssistantUser {
  id: string;
  name: string;
  avatar?: string;
  role: "ADMIN" | "CODER" | "GUEST";
}

/** What the assistant reads of the room at the moment of the question. */
export interface RoomSnapshot {
  code: string;
  languageId: number;
  languageName: string;
  /** The last run the server itself made in the room (never a terminal a member relayed). */
  terminal: TRunResult | null;
}

/** How the service reaches people: the room channel, and the asker's own connections. */
export interface AssistantIO {
  toRoom<E extends TServerEvent>(roomId: string, event: E, payload: TServerPayload<E>): void;
  toAsker<E extends TServerEvent>(event: E, payload: TServerPayload<E>): void;
}

/** A refused question or apply, sent back in the acknowledgement. */
export class AssistantRefusal extends Error {
  constructor(
    readonly code: TErrorCode,
    message: string,
  ) {
    super(message);
    this.name = "AssistantRefusal";
  }
}
