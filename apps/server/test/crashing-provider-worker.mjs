// A provider thread that dies mid-answer: it sends one piece of the first answer it is asked for, then exits.
import { parentPort } from "node:worker_threads";

parentPort.on("message", (msg) => {
  if (msg.type !== "start") return;
  parentPort.postMessage([{ type: "text", id: msg.id, text: "partial" }]);
  setTimeout(() => process.exit(3), 20);
});
