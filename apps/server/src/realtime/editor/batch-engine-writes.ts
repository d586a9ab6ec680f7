import type { Duplex } from "node:stream";
import type { Server } from "socket.io";
import { corkPerTurn } from "../cork-per-turn";

/** The parts of an engine.io transport this reads: its name, send, and (websocket) the ws with its socket. */
interface EngineTransport {
  name: string;
  send(packets: unknown[]): void;
  socket?: { _socket?: Duplex };
}

/**
 * Socket.IO's websocket transport writes one frame per packet (broadcasts as pre-encoded
 * frames, bypassing `ws.send`): here everything sent to one connection in one event-loop
 * turn leaves in one write, so a burst of broadcasts and acknowledgements costs a syscall
 * per connection per turn, not per packet. Polling transports are left as they are.
 */
export function batchEngineWrites(io: Server): void {
  const batch = (transport: EngineTransport) => {
    const raw = transport.name === "websocket" ? transport.socket?._socket : undefined;
    if (!raw) return;
    const beforeWrite = corkPerTurn(raw);
    const send = transport.send.bind(transport);
    transport.send = (packets) => {
      beforeWrite();
      send(packets);
    };
  };
  io.engine.on("connection", (conn: { transport: EngineTransport; on(event: "upgrade", fn: (t: EngineTransport) => void): void }) => {
    batch(conn.transport);
    conn.on("upgrade", batch);
  });
}
