import type { Duplex } from "node:stream";
import type { beforeHandleMessagePayload, Extension } from "@hocuspocus/server";
import type { WebSocket } from "ws";

export interface RoomCorking {
  /** Registers the upgraded socket that `ws` writes to. */
  watch(ws: WebSocket, socket: Duplex): void;
  extension: Extension;
}

/**
 * The frames a room's connections get in one event-loop turn leave in one write per
 * connection, instead of one write (a syscall) per frame: when a message of a room arrives,
 * each of the room's sockets is corked until the turn ends. Hocuspocus runs the
 * beforeHandleMessage hook, then applies the message and broadcasts what it changed, within
 * the same turn (hocuspocus-hooks.test.ts checks that). ws corks each frame's own writes
 * too; corks nest, so a frame waits for the turn's end.
 */
export function createRoomCorking(): RoomCorking {
  const sockets = new WeakMap<WebSocket, Duplex>();
  const corked = new Set<Duplex>();
  const uncorkAll = () => {
    for (const socket of corked) socket.uncork();
    corked.clear();
  };
  return {
    watch(ws, socket) {
      sockets.set(ws, socket);
    },
    extension: {
      extensionName: "coderoom-cork-rooms",
      async beforeHandleMessage({ document }: beforeHandleMessagePayload) {
        if (corked.size === 0) setImmediate(uncorkAll);
        for (const connection of document.getConnections()) {
          const socket = sockets.get(connection.webSocket);
          if (!socket || corked.has(socket)) continue;
          socket.cork();
          corked.add(socket);
        }
      },
    },
  };
}
