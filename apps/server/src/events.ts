import { EventEmitter } from "node:events";
import type { TRoomVersion } from "@coderoom/shared/schemas/realtime";

/** Domain events: HTTP handlers change data and emit these; the realtime layer turns them into socket messages. */
export interface DomainEvents {
  "room.deleted": { roomId: string; byUserId: string };
  "room.updated": { roomId: string; byUserId: string; fields: string[] };
  "user.sessionsRevoked": { userId: string };
  "room.versionSaved": { roomId: string; version: TRoomVersion };
  "room.versionRestored": { roomId: string; version: TRoomVersion; by: { id: string; name: string } };
}

export class DomainEventBus {
  private readonly emitter = new EventEmitter();

  emit<K extends keyof DomainEvents>(name: K, payload: DomainEvents[K]): void {
    this.emitter.emit(name, payload);
  }

  on<K extends keyof DomainEvents>(name: K, listener: (payload: DomainEvents[K]) => void): () => void {
    this.emitter.on(name, listener);
    return () => this.emitter.off(name, listener);
  }
}
