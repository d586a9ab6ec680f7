import type { AppDeps } from "../deps";
import type { Metrics } from "../modules/system/metrics";
import type { Cluster } from "./cluster";
import type { CollabServer } from "./collab/collab-server";
import type { EditorContext, EditorNamespace } from "./editor/editor-extension";
import type { LegacyBridge } from "./editor/legacy-bridge";
import type { RoomDirectory } from "./room-directory";
import type { RoomRuns } from "./room-runs";
import type { RoomRuntimeStore } from "./room-runtime";

/** Everything the realtime layer's own extensions share. */
export interface RealtimeServices {
  deps: AppDeps;
  nsp: EditorNamespace;
  ctx: EditorContext;
  directory: RoomDirectory;
  runtime: RoomRuntimeStore;
  /** The room's run in progress, shared by every process. */
  runs: RoomRuns;
  cluster: Cluster;
  collab: CollabServer;
  legacy: LegacyBridge;
  log: (err: unknown, msg: string) => void;
  metrics: Metrics;
}
