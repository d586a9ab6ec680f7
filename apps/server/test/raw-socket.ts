import net from "node:net";

/** What a raw TCP client saw: every byte the server sent, and when (if) it closed the socket. */
export interface RawOutcome {
  data: string;
  /** Milliseconds from connect until the server closed the socket; null if still open at the deadline. */
  closedAfterMs: number | null;
}

/**
 * Opens a plain TCP connection (no HTTP client in between), writes each chunk after
 * its delay, and waits until the server closes the socket or `deadlineMs` passes.
 * For slow-client and malformed-request tests that no HTTP library would send.
 */
export function rawExchange(
  port: number,
  chunks: { afterMs: number; data: string | Buffer }[],
  deadlineMs: number,
): Promise<RawOutcome> {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host: "127.0.0.1" });
    const started = Date.now();
    let data = "";
    const timers: NodeJS.Timeout[] = [];
    const finish = (closedAfterMs: number | null) => {
      timers.forEach(clearTimeout);
      socket.destroy();
      resolve({ data, closedAfterMs });
    };
    socket.on("data", (chunk) => (data += chunk.toString("latin1")));
    socket.on("error", () => undefined);
    socket.on("close", () => finish(Date.now() - started));
    socket.on("connect", () => {
      for (const chunk of chunks) timers.push(setTimeout(() => socket.writable && socket.write(chunk.data), chunk.afterMs));
      timers.push(setTimeout(() => finish(null), deadlineMs));
    });
  });
}

/** The JSON body of a raw HTTP/1.1 answer (after the blank line), or undefined. */
export function rawJsonBody(raw: string): unknown {
  const body = raw.split("\r\n\r\n").slice(1).join("\r\n\r\n");
  try {
    return JSON.parse(body);
  } catch {
    return undefined;
  }
}

/** Opens `count` TCP connections and resolves once all are connected. */
export function openSockets(port: number, count: number): Promise<net.Socket[]> {
  return Promise.all(
    Array.from(
      { length: count },
      () =>
        new Promise<net.Socket>((resolve, reject) => {
          const socket = net.connect({ port, host: "127.0.0.1" }, () => resolve(socket));
          socket.on("error", reject);
        }),
    ),
  );
}
