// The server from source under scripts/supervise.mjs, as `npm start` runs the built one.
import { supervise } from "../../../scripts/supervise.mjs";

supervise(process.execPath, ["--import", "tsx", "apps/server/src/main.ts"], { stdio: "inherit", env: process.env });
