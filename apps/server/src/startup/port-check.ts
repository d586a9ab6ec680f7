import net from "node:net";

/**
 * Fails at once when PORT is taken, before the database and the toolchains are opened
 * (which take seconds), with a message that says what to do. The real listen still
 * reports a port taken in between.
 */
export async function assertPortFree(port: number, host: string): Promise<void> {
  if (port === 0) return;
  await new Promise<void>((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", (err: NodeJS.ErrnoException) => reject(portError(err, port, host)));
    probe.listen({ port, host, exclusive: true }, () => probe.close(() => resolve()));
  });
}

/** A listen error in plain words when it is a taken or forbidden port; else the error itself. */
export function portError(err: NodeJS.ErrnoException, port: number, host: string): Error {
  if (err.code === "EADDRINUSE") {
    return new Error(`Port ${port} on ${host} is already in use: stop the program using it, or set another PORT.`);
  }
  if (err.code === "EACCES") return new Error(`Not allowed to listen on port ${port} on ${host}: choose a PORT above 1023.`);
  return err;
}
