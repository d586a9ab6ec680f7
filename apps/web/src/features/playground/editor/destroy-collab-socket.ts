import type { HocuspocusProviderWebsocket } from "@hocuspocus/provider";

/** What the socket builds its connections with once destroyed: one that never connects. */
class NeverConnects extends EventTarget {
  readonly readyState = 3; // CLOSED
  binaryType = "arraybuffer";
  close(): void {}
  send(): void {}
}

/**
 * Destroys a provider socket for good. `destroy()` leaves in place the reconnect the
 * socket scheduled when the server last closed it, which would open a connection nobody
 * uses (or, with the server gone, reject unhandled). That late attempt now builds a
 * connection that never opens, through the socket's public configuration.
 */
export function destroyCollabSocket(socket: HocuspocusProviderWebsocket): void {
  socket.setConfiguration({ WebSocketPolyfill: NeverConnects });
  socket.destroy();
}
