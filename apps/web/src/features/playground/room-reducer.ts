import type { TRoomSettings, TRoomState, TRoomUser, TRunOutput, TRunQueued, TRunStarted } from "@coderoom/shared/schemas/realtime";
import type { TRunResult } from "@coderoom/shared/schemas/run";

/** Where the entry sequence of spec §4 stands. */
export type TPhase = "connecting" | "verifying" | "loading" | "joining" | "joined";

export type TRunBy = TRunQueued["by"];

/** A run in progress in the room: queued, then running with its output streamed in. */
export interface TLiveRun {
  runId: string | null;
  by: TRunBy | null;
  state: "requested" | "queued" | "running";
  position: number | null;
  output: { stream: "stdout" | "stderr"; data: string }[];
}

export interface TRoomInfo {
  roomId: string;
  roomName: string;
  owner: string;
  anyoneCanEdit: boolean;
  language: { id: number; name: string };
}

export interface TRoomView {
  phase: TPhase;
  /** "reconnecting" while the room channel is down (it reconnects on its own). */
  connection: "online" | "reconnecting";
  /** In the room right now: false from a disconnect until the re-join is answered. */
  live: boolean;
  room: TRoomInfo | null;
  canWrite: boolean;
  users: TRoomUser[];
  terminal: TRunResult | null;
  run: TLiveRun | null;
}

export type TRoomAction =
  | { type: "phase"; phase: TPhase }
  | { type: "connection"; connection: TRoomView["connection"] }
  | { type: "fetched"; room: TRoomInfo }
  | { type: "state"; state: TRoomState }
  | { type: "users"; users: TRoomUser[] }
  | { type: "settings"; settings: TRoomSettings }
  | { type: "terminal"; result: TRunResult }
  | { type: "runRequested" }
  | { type: "runRefused" }
  | ({ type: "runQueued" } & TRunQueued)
  | ({ type: "runStarted" } & TRunStarted)
  | ({ type: "runOutput" } & TRunOutput)
  | { type: "runFinished"; runId: string; result: TRunResult };

export const initialRoomView: TRoomView = {
  phase: "connecting",
  connection: "online",
  live: false,
  room: null,
  canWrite: false,
  users: [],
  terminal: null,
  run: null,
};

// Streamed output kept on screen; the final result replaces it anyway.
const maxOutputChars = 256 * 1024;

function appendOutput(run: TLiveRun, stream: "stdout" | "stderr", data: string): TLiveRun["output"] {
  const output = [...run.output, { stream, data }];
  let total = output.reduce((n, c) => n + c.data.length, 0);
  while (total > maxOutputChars && output.length > 1) total -= output.shift()!.data.length;
  return output;
}

/** Matches an event to the run on screen: a run we only requested adopts the first id it hears. */
const sameRun = (run: TLiveRun | null, runId: string) => run !== null && (run.runId === null || run.runId === runId);

/** The playground's room state, driven by the entry sequence and the room channel's events. */
export function roomReducer(view: TRoomView, action: TRoomAction): TRoomView {
  switch (action.type) {
    case "phase":
      return { ...view, phase: action.phase };
    case "connection":
      return { ...view, connection: action.connection, live: action.connection === "online" && view.live };
    case "fetched":
      return { ...view, room: action.room, phase: "joining" };
    case "state": {
      const { state } = action;
      const room: TRoomInfo = {
        roomId: state.roomId,
        roomName: state.roomName,
        owner: state.owner,
        anyoneCanEdit: state.anyoneCanEdit,
        language: state.language,
      };
      const run: TLiveRun | null = state.run
        ? { ...state.run, position: null, output: state.run.output ? [{ stream: "stdout", data: state.run.output }] : [] }
        : null;
      return { ...view, phase: "joined", live: true, room, canWrite: state.canWrite, users: state.users, terminal: state.terminal ?? view.terminal, run };
    }
    case "users":
      return { ...view, users: action.users };
    case "settings":
      if (!view.room) return view;
      return {
        ...view,
        room: { ...view.room, roomName: action.settings.roomName, anyoneCanEdit: action.settings.anyoneCanEdit, language: action.settings.language },
        canWrite: action.settings.canWrite,
      };
    case "terminal":
      return { ...view, terminal: action.result };
    case "runRequested":
      return view.run ? view : { ...view, run: { runId: null, by: null, state: "requested", position: null, output: [] } };
    case "runRefused":
      return view.run?.runId === null ? { ...view, run: null } : view;
    case "runQueued":
      if (view.run && !sameRun(view.run, action.runId)) return view;
      return {
        ...view,
        run: { runId: action.runId, by: action.by, state: "queued", position: action.position, output: view.run?.output ?? [] },
      };
    case "runStarted":
      if (view.run && !sameRun(view.run, action.runId)) return view;
      return {
        ...view,
        run: { runId: action.runId, by: action.by, state: "running", position: null, output: view.run?.output ?? [] },
      };
    case "runOutput":
      if (!view.run || !sameRun(view.run, action.runId)) return view;
      return { ...view, run: { ...view.run, runId: action.runId, output: appendOutput(view.run, action.stream, action.data) } };
    case "runFinished":
      return { ...view, terminal: action.result, run: sameRun(view.run, action.runId) ? null : view.run };
  }
}
