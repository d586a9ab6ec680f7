// A provider thread that answers with the size of its young generation after making garbage
// that survives a while (as streams in flight do), which grows a young generation up to its limit.
import v8 from "node:v8";
import { parentPort } from "node:worker_threads";

parentPort.on("message", (msg) => {
  if (msg.type !== "start") return;
  let alive = [];
  for (let i = 0; i < 3e6; i += 1) {
    alive.push({ i, text: `piece ${i}` });
    if (alive.length > 2e5) alive = [];
  }
  const newSpace = v8.getHeapSpaceStatistics().find((s) => s.space_name === "new_space");
  parentPort.postMessage([{ type: "text", id: msg.id, text: String(newSpace.space_size) }, { type: "end", id: msg.id }]);
});
