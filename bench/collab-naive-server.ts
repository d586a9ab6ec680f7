// Baseline of collab.bench.ts: the original server's editor relay (LEGACY-PROTOCOL.md §3),
// every keystroke a full-text `codeChange` relayed as `codeUpdate` to the others.
// Child process; prints one JSON line { port, pid } when ready.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { Server } from "socket.io";

const server = http.createServer();
const io = new Server(server, { maxHttpBufferSize: 1e6 });
io.of("/editor").on("connection", (socket) => {
  socket.on("join", ({ roomId }: { roomId: string }) => {
    socket.data.roomId = roomId;
    void socket.join(roomId);
  });
  socket.on("codeChange", ({ code }: { code: string }) => {
    if (socket.data.roomId) socket.to(socket.data.roomId).emit("codeUpdate", code);
  });
});
server.listen(0, "127.0.0.1", () => {
  process.stdout.write(`${JSON.stringify({ port: (server.address() as AddressInfo).port, pid: process.pid })}\n`);
});
