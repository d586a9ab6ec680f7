import type { TAssistantSelection } from "@coderoom/shared/schemas/assistant";
import type { ServerToClientEvents, TClientAcks, TClientEvent, TServerEvent } from "@coderoom/shared/schemas/editor-events";
import type { TAck } from "@coderoom/shared/schemas/realtime";
import type { TPayloadArgs } from "../../lib/socket";

/**
 * The room channel as the assistant uses it, typed by the shared contract. The
 * playground's Socket.IO session supplies it (an emit-with-ack plus on/off); tests pass a fake.
 */
export interface TAssistantChannel {
  request<E extends TClientEvent>(event: E, ...payload: TPayloadArgs<E>): Promise<TAck<TClientAcks[E]>>;
  on<E extends TServerEvent>(event: E, handler: ServerToClientEvents[E]): void;
  off<E extends TServerEvent>(event: E, handler: ServerToClientEvents[E]): void;
}

/**
 * What the assistant needs from the live editor. Edits go through the applier's own
 * Monaco/Yjs binding, so everyone sees them live and one undo reverts them.
 */
export interface TAssistantEditor {
  /** The document's current text. */
  getText(): string;
  /** The user's selection (1-based lines and columns; a cursor is an empty range), or null. */
  getSelection(): TAssistantSelection | null;
  /** Replaces the whole text with `next` as ONE undoable edit of this user (only the changed ranges are touched). */
  applyText(next: string): void;
  /** Inserts at the cursor (replacing the selection) as one undoable edit. */
  insertAtCursor(text: string): void;
}
