import type { App } from "./types";

/**
 * Runs `pass` every `everyMs` from the moment the app is ready until it closes. The timer
 * does not keep the process alive, passes never overlap, and a pass still running at close
 * is awaited, so it never touches a closed database. A failed pass goes to `onError`.
 */
export function repeatWhileOpen(app: App, everyMs: number, pass: () => Promise<unknown>, onError: (err: unknown) => void): void {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  app.addHook("onReady", async () => {
    timer = setInterval(() => {
      running = running.then(pass).catch(onError);
    }, everyMs);
    timer.unref();
  });
  app.addHook("onClose", async () => {
    clearInterval(timer);
    await running;
  });
}
