import { useCallback, useEffect, useMemo, useReducer, useRef } from "react";
import { useNavigate } from "react-router";
import { useQueryClient } from "@tanstack/react-query";
import toast from "react-hot-toast";
import { playgroundMessages, toastMessages } from "@coderoom/shared/messages";
import type { ServerToClientEvents, TClientAcks, TClientEvent, TServerEvent } from "@coderoom/shared/schemas/editor-events";
import { legacyEvents as legacy, relayedRunResult, roomEvents, type TAck, type TRoomState, type TUsersUpdate } from "@coderoom/shared/schemas/realtime";
import type { TRunResult } from "@coderoom/shared/schemas/run";
import type { TUser } from "@coderoom/shared/schemas/users";
import { clearRoomState, firstNameOf } from "../../../lib/auth-store";
import { ApiError } from "../../../lib/http";
import { ackTimeoutCode as timeoutCode, createEditorSocket, emitWithAck, type TEditorSocket, type TPayloadArgs } from "../../../lib/socket";
import { fetchRoom, versionKeys } from "../api/room-api";
import { initialRoomView, roomReducer, type TRoomAction } from "../room-reducer";
import { saveRoomState, tabId } from "../room-storage";

/**
 * One visit to a room (spec §4 "Playground entry" and "In the room"): opens the room
 * channel, runs verifyUniqueUser → room fetch → join, re-joins after every reconnect,
 * and turns the channel's events into view state and toasts. Leaving (unmount) sends
 * leaveRoom and clears the stored room state.
 */
export function useRoomSession(routeRoomId: string, user: TUser) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [view, dispatch] = useReducer(roomReducer, initialRoomView);
  const socketRef = useRef<TEditorSocket | null>(null);
  const userRef = useRef(user);
  // The settings handler needs the owner without re-subscribing on each change.
  const roomOwner = useRef<string | undefined>(undefined);
  useEffect(() => {
    roomOwner.current = view.room?.owner;
  }, [view.room?.owner]);

  useEffect(() => {
    const me = userRef.current;
    const socket = createEditorSocket();
    socketRef.current = socket;
    let roomId = routeRoomId.trim().toUpperCase();
    let verified = false;
    let joined = false;
    let over = false;
    const act = (action: TRoomAction) => {
      if (!over) dispatch(action);
    };

    /** Ends the visit: to /dashboard, with a toast when there is something to say. */
    const exit = (message?: { text: string; kind: "error" | "success" | "blank" }) => {
      if (over) return;
      over = true;
      joined = false;
      clearRoomState();
      socket.disconnect();
      if (message) (message.kind === "blank" ? toast : toast[message.kind])(message.text);
      void navigate("/dashboard", { replace: true });
    };

    const join = () => {
      const payload = {
        roomId,
        userId: me._id,
        userName: firstNameOf(me) ?? me.fullName,
        avatar: me.avatar.secure_url ?? undefined,
        tabId: tabId(),
      };
      void emitWithAck(socket, legacy.join, payload).then((ack) => {
        if (over) return;
        // No answer in time: `room:state` may still carry the join; the next reconnect retries.
        if (!ack.ok && ack.code === timeoutCode) return;
        if (!ack.ok) return exit({ text: ack.message, kind: "error" });
        joined = true;
        if (ack.data) onState(ack.data);
      });
    };

    const onState = (state: TRoomState) => {
      joined = true;
      act({ type: "state", state });
      saveRoomState({
        roomId: state.roomId,
        roomName: state.roomName,
        languageId: state.language.id,
        languageName: state.language.name,
        owner: state.owner,
        anyoneCanEdit: state.anyoneCanEdit,
        users: state.users,
        terminalData: state.terminal,
      });
    };

    const enter = async () => {
      act({ type: "phase", phase: "verifying" });
      const unique = await new Promise<boolean>((resolve) => {
        socket.once(legacy.uniqueUser, (answer) => resolve(answer !== false));
        socket.emit(legacy.verifyUniqueUser, { roomId, userId: me._id, tabId: tabId() });
      });
      if (over) return;
      if (!unique) return exit({ text: toastMessages.alreadyInRoom, kind: "error" });
      act({ type: "phase", phase: "loading" });
      try {
        const room = await fetchRoom(roomId);
        if (over) return;
        roomId = room.roomId;
        saveRoomState({ code: room.code });
        act({ type: "fetched", room: { ...room, language: { id: Number(room.language.id), name: room.language.name } } });
      } catch (err) {
        // Spec §8: a failed room fetch goes to /dashboard without a message, unless the owner removed this user.
        return exit(err instanceof ApiError && err.code === "removed_from_room" ? { text: err.message, kind: "error" } : undefined);
      }
      verified = true;
      join();
    };

    socket.on("connect", () => {
      act({ type: "connection", connection: "online" });
      // The first connection runs the entry sequence; every reconnect simply re-joins (same tab id).
      if (verified) join();
      else void enter();
    });
    socket.on("disconnect", (reason) => {
      if (over) return;
      act({ type: "connection", connection: "reconnecting" });
      // The server closed us on purpose (session revoked, room gone): do not sit in an empty room.
      if (reason === "io server disconnect") exit({ text: toastMessages.loginRequired, kind: "error" });
    });
    socket.on("connect_error", (err) => {
      act({ type: "connection", connection: "reconnecting" });
      // A refused handshake (no valid session) is final; network errors keep retrying.
      if (!socket.active) exit({ text: err.message || toastMessages.loginRequired, kind: "error" });
    });

    socket.on(roomEvents.state, onState);
    const onUsers = (p: TUsersUpdate) => {
      if (Array.isArray(p?.users)) {
        act({ type: "users", users: p.users });
        saveRoomState({ users: p.users });
      }
    };
    socket.on(legacy.updateUsers, onUsers);
    socket.on(legacy.userJoined, (p) => {
      onUsers(p);
      if (p?.userName) toast(playgroundMessages.userJoined(p.userName));
    });
    socket.on(legacy.userLeft, (p) => {
      onUsers(p);
      if (p?.userName) toast(playgroundMessages.userLeft(p.userName));
    });
    socket.on(legacy.IAMKICKED, () => exit({ text: toastMessages.kicked, kind: "error" }));
    socket.on(roomEvents.deleted, () => exit({ text: playgroundMessages.roomDeleted, kind: "error" }));
    socket.on(roomEvents.settings, (s) => {
      act({ type: "settings", settings: s });
      saveRoomState({ roomName: s.roomName, anyoneCanEdit: s.anyoneCanEdit });
      // The owner already saw the API's own success toast.
      if (s && userRef.current._id !== roomOwner.current) toast.success(toastMessages.roomUpdated);
    });
    socket.on(roomEvents.error, (e) => {
      if (e?.event === legacy.join) return exit({ text: e.message, kind: "error" });
      if (e?.message) toast.error(e.message);
    });
    const onResult = (result: TRunResult) => {
      act({ type: "terminal", result });
      saveRoomState({ terminalData: result });
    };
    // A member relays what its client shows: only a complete result replaces the terminal.
    socket.on(legacy.updateTerminal, (relayed) => {
      const result = relayedRunResult(relayed);
      if (result) onResult(result);
    });
    socket.on(roomEvents.runQueued, (p) => act({ type: "runQueued", ...p }));
    socket.on(roomEvents.runStarted, (p) => act({ type: "runStarted", ...p }));
    socket.on(roomEvents.runOutput, (p) => act({ type: "runOutput", ...p }));
    socket.on(roomEvents.runFinished, (p) => {
      act({ type: "runFinished", runId: p.runId, result: p.result });
      saveRoomState({ terminalData: p.result });
    });

    const onVersions = () => void queryClient.invalidateQueries({ queryKey: versionKeys.list(roomId) });
    socket.on(roomEvents.versionSaved, onVersions);
    socket.on(roomEvents.versionRestored, onVersions);

    return () => {
      // Spec §2: leaving the room page sends leaveRoom and clears room state.
      if (joined && socket.connected) socket.emit(legacy.leaveRoom);
      over = true;
      socket.removeAllListeners();
      socket.disconnect();
      socketRef.current = null;
      clearRoomState();
    };
  }, [routeRoomId, navigate, queryClient]);

  /** Sends a payload-less event without waiting for an answer (typing). */
  const emit = useCallback((event: typeof legacy.startTyping | typeof legacy.stopTyping) => {
    const socket = socketRef.current;
    if (socket?.connected) socket.emit(event);
  }, []);

  const ask = useCallback(async <E extends TClientEvent,>(event: E, ...payload: TPayloadArgs<E>): Promise<TAck<TClientAcks[E]>> => {
    const socket = socketRef.current;
    if (!socket?.connected) return { ok: false, code: "offline", message: playgroundMessages.reconnecting };
    return emitWithAck(socket, event, ...payload);
  }, []);

  /** The room channel for features composed into the room (the assistant): ack requests and events. */
  const channel = useMemo(
    () => ({
      request: ask,
      on: <E extends TServerEvent,>(event: E, handler: ServerToClientEvents[E]) => void socketRef.current?.on(event, handler as never),
      off: <E extends TServerEvent,>(event: E, handler: ServerToClientEvents[E]) => void socketRef.current?.off(event, handler as never),
    }),
    [ask],
  );

  const actions = useMemo(
    () => ({
      startTyping: () => emit(legacy.startTyping),
      stopTyping: () => emit(legacy.stopTyping),
      kick: async (userId: string) => {
        const ack = await ask(legacy.kickCall, userId);
        if (!ack.ok && ack.code !== timeoutCode) toast.error(ack.message);
      },
      run: async (stdin: string) => {
        dispatch({ type: "runRequested" });
        const ack = await ask(roomEvents.runStart, { stdin });
        if (!ack.ok) {
          dispatch({ type: "runRefused" });
          if (ack.code !== timeoutCode) toast.error(ack.message);
        }
      },
      stop: async (runId?: string | null) => {
        const ack = await ask(roomEvents.runStop, runId ? { runId } : {});
        if (!ack.ok && ack.code !== timeoutCode) toast.error(ack.message);
      },
    }),
    [emit, ask],
  );

  return { view, actions, channel };
}
