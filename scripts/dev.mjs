// `npm run dev`: the API with reload on change (tsx watch) and the web app on Vite's
// dev server (http://localhost:5173, proxying /api and /socket.io to the API).
import { spawn } from "node:child_process";

// The API listens on PORT (default 3000) and Vite's proxy follows it (apps/web/vite.config.ts);
// e-mailed links open the page the developer uses, Vite's, unless WEB_URL says otherwise.
const apiEnv = {
  ...process.env,
  LOG_LEVEL: process.env.LOG_LEVEL ?? "info",
  WEB_URL: process.env.WEB_URL ?? "http://localhost:5173",
};
const children = [
  spawn("npx", ["tsx", "watch", "apps/server/src/main.ts"], { stdio: "inherit", env: apiEnv }),
  spawn("npm", ["run", "dev", "-w", "apps/web"], { stdio: "inherit" }),
];
const stop = () => children.forEach((c) => c.kill("SIGTERM"));
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
for (const c of children) c.on("exit", (code) => {
  stop();
  process.exitCode = code ?? 0;
});
