import { defineConfig } from "vite";
import react from "@vitejs/plugin-react";
import tailwindcss from "@tailwindcss/vite";
import { precompress } from "./precompress-plugin.ts";

// `npm run dev` passes the API's PORT through; the proxy must follow it.
const apiPort = process.env.PORT || "3000";

export default defineConfig({
  plugins: [react(), tailwindcss(), precompress()],
  server: {
    port: 5173,
    proxy: {
      "/api": `http://localhost:${apiPort}`,
      "/uploads": `http://localhost:${apiPort}`,
      "/socket.io": { target: `http://localhost:${apiPort}`, ws: true },
      "/collab": { target: `ws://localhost:${apiPort}`, ws: true },
    },
  },
  // Source maps only on request (WEB_SOURCEMAP=true): everything in dist is served publicly.
  build: { outDir: "dist", sourcemap: process.env.WEB_SOURCEMAP === "true", chunkSizeWarningLimit: 4000 },
});
