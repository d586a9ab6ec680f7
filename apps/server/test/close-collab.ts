import type { HocuspocusProvider } from "@hocuspocus/provider";

/**
 * Destroys a provider and its socket for good. The socket's `destroy()` keeps the
 * reconnect it scheduled when the server last closed it, which would reject unhandled
 * (ECONNREFUSED) once the test's server is gone. That late attempt now builds a
 * connection that never opens (see the web app's destroy-collab-socket.ts and its test).
 */
export function closeCollab(provider: HocuspocusProvider): void {
  const socket = provider.configuration.websocketProvider;
  provider.destroy();
  socket.setConfiguration({ WebSocketPolyfill: class extends EventTarget { close() {} } });
  socket.destroy();
}
