import { lazy, Suspense, useCallback, useEffect, useId, useMemo, useRef, useState, type CSSProperties, type ReactNode } from "react";
import { useNavigate } from "react-router";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import toast from "react-hot-toast";
import { WifiOff } from "lucide-react";
import { limits } from "@coderoom/shared/constants/limits";
import { playgroundMessages, toastMessages } from "@coderoom/shared/messages";
import { runStatus } from "@coderoom/shared/schemas/run";
import type { TUser } from "@coderoom/shared/schemas/users";
import { firstNameOf } from "../../../lib/auth-store";
import { Spinner } from "../../../components/ui/spinner.tsx";
import { runAllowanceQuery, saveVersion } from "../api/room-api";
import type { TEditorHandle } from "../editor/collab-editor.tsx";
import { usePanelHeight } from "../hooks/use-panel-height";
import { useRoomSession } from "../hooks/use-room-session";
import { useTypingSignal } from "../hooks/use-typing-signal";
import type { TRoomInfo } from "../room-reducer";
import { saveRoomState } from "../room-storage";
import { BottomPanel, type TPanelTab } from "./bottom-panel.tsx";
import { PanelSplitter } from "./panel-splitter.tsx";
import { PlaygroundToolbar, type TAccess } from "./playground-toolbar.tsx";
import { RoomDrawer } from "./room-drawer.tsx";
import { RoomSidebar } from "./room-sidebar.tsx";
import { TerminalPanel } from "./terminal-panel.tsx";
import { VersionsPanel } from "./versions-panel.tsx";

// Monaco is the heaviest part of the app: it loads only when a room is open.
const CollabEditor = lazy(() => import("../editor/collab-editor.tsx"));

/** What the page hands to the assistant panel it composes in. */
export interface TAssistantContext {
  roomId: string;
  meId: string;
  language: { id: number; name: string };
  canWrite: boolean;
  /** The room channel (ack requests, events) and whether this tab is in the room right now. */
  channel: ReturnType<typeof useRoomSession>["channel"];
  joined: boolean;
  /** The live editor, null until it is ready. */
  editor: TEditorHandle | null;
  /** The last run in the shared terminal failed (status other than Accepted). */
  lastRunFailed: boolean;
  /** Grows by one each time someone asks (from the terminal) to fix the failed run. */
  fixRequest: number;
}

export interface PlaygroundRoomProps {
  roomId: string;
  user: TUser;
  copyLink: { copy: () => void; copied: boolean };
  /** The owner's settings dialog (composed by the page from the rooms feature). */
  renderSettings: (room: TRoomInfo, close: () => void) => ReactNode;
  /** The assistant tab's content (composed by the page); a placeholder when absent. */
  renderAssistant?: (ctx: TAssistantContext) => ReactNode;
}

const phaseLabels = { connecting: "Connecting…", verifying: "Checking the room…", loading: "Joining room...", joining: "Joining room...", joined: "" };

/** The playground of spec §2: sidebar drawer, toolbar, live editor and the output panel. */
export function PlaygroundRoom({ roomId, user, copyLink, renderSettings, renderAssistant }: PlaygroundRoomProps) {
  const navigate = useNavigate();
  const { view, actions, channel } = useRoomSession(roomId, user);
  const [fontSize, setFontSize] = useState<number>(limits.fontSizes.default);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const [docConnected, setDocConnected] = useState(true);
  const [tab, setTab] = useState("terminal");
  const [fixRequest, setFixRequest] = useState(0);
  const [editorHandle, setEditorHandle] = useState<TEditorHandle | null>(null);
  const [runRequest, setRunRequest] = useState(0);
  const requestRun = useCallback(() => setRunRequest((n) => n + 1), []);
  // Ctrl/Cmd+Enter anywhere on the page runs; in the editor Monaco's own action handles it first.
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== "Enter" || !(e.ctrlKey || e.metaKey) || e.defaultPrevented) return;
      e.preventDefault();
      requestRun();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [requestRun]);
  const queryClient = useQueryClient();
  const { data: allowance } = useQuery({ ...runAllowanceQuery(), enabled: view.phase === "joined" });
  // A finished run (anyone's) may have used one of mine: re-read the count.
  useEffect(() => {
    if (view.terminal) void queryClient.invalidateQueries({ queryKey: runAllowanceQuery().queryKey });
  }, [view.terminal, queryClient]);
  const [split, setSplit] = useState<HTMLDivElement | null>(null);
  const panel = usePanelHeight(split);
  const panelId = useId();
  const onLocalEdit = useTypingSignal(actions.startTyping, actions.stopTyping);
  const storeTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(storeTimer.current), []);

  const room = view.room;
  const isOwner = room?.owner === user._id;
  const mine = view.users.find((u) => u.id === user._id);
  const me = useMemo(
    () => ({ id: user._id, name: firstNameOf(user) ?? user.fullName, color: mine?.color ?? "#6366f1" }),
    [user, mine?.color],
  );
  const save = useMutation({
    mutationFn: () => saveVersion(room!.roomId),
    onSuccess: () => toast.success(toastMessages.codeSaved),
  });

  const onText = useCallback((text: string) => {
    // Room state keeps the code (spec §3); writing it once a second is plenty.
    clearTimeout(storeTimer.current);
    storeTimer.current = setTimeout(() => saveRoomState({ code: text }), 1000);
  }, []);
  const getCode = useCallback(() => editorHandle?.getText() ?? "", [editorHandle]);

  if (!room || view.phase !== "joined") {
    return (
      <div className="flex flex-1 items-center justify-center gap-3 bg-slate-950 text-slate-300" role="status">
        <Spinner className="size-6 text-indigo-400" />
        {phaseLabels[view.phase]}
      </div>
    );
  }

  const access: TAccess = isOwner ? "Owner" : room.anyoneCanEdit ? "Anyone Can Edit" : "View Only";
  const run = view.run;
  const reconnecting = view.connection === "reconnecting" || !docConnected;
  const tabs: TPanelTab[] = [
    {
      id: "terminal",
      label: "Terminal",
      content: (
        <TerminalPanel
          result={view.terminal}
          run={run}
          onFix={
            renderAssistant &&
            (() => {
              setFixRequest((n) => n + 1);
              setTab("assistant");
            })
          }
        />
      ),
    },
    {
      id: "assistant",
      label: "Assistant",
      content: renderAssistant?.({
        roomId: room.roomId,
        meId: user._id,
        language: room.language,
        canWrite: view.canWrite,
        channel,
        joined: view.live,
        editor: editorHandle,
        lastRunFailed: view.terminal !== null && view.terminal.status.id !== runStatus.accepted.id,
        fixRequest,
      }) ?? (
        <p className="p-3 text-sm text-slate-400">The assistant is not available yet.</p>
      ),
    },
  ];
  if (isOwner) {
    tabs.push({
      id: "versions",
      label: "Versions",
      content: <VersionsPanel roomId={room.roomId} language={room.language} currentText={getCode} />,
    });
  }

  const sidebar = (
    <RoomSidebar
      roomId={room.roomId}
      roomName={room.roomName}
      users={view.users}
      myId={user._id}
      isOwner={isOwner}
      copied={copyLink.copied}
      onCopyLink={copyLink.copy}
      onEditSettings={() => setSettingsOpen(true)}
      onKick={(id) => void actions.kick(id)}
      onLeave={() => void navigate("/dashboard")}
    />
  );

  return (
    // The workspace is dark in both site themes: `dark` gives its controls their dark-surface colours.
    <div className="dark flex h-[calc(100dvh-4rem)] min-h-[32rem] bg-slate-950 text-slate-100">
      <aside aria-label="Room" className="hidden w-72 shrink-0 border-r border-slate-800 bg-slate-900 lg:block">
        {sidebar}
      </aside>
      <RoomDrawer open={drawerOpen} onOpen={() => setDrawerOpen(true)} onClose={() => setDrawerOpen(false)}>
        {sidebar}
      </RoomDrawer>
      <section aria-label="Editor" className="flex min-w-0 flex-1 flex-col">
        <PlaygroundToolbar
          languageName={room.language.name}
          fontSize={fontSize}
          onFontSize={setFontSize}
          access={access}
          isOwner={isOwner}
          saving={save.isPending}
          onSave={() => save.mutate()}
          runPhase={run ? run.state : "idle"}
          queuePosition={run?.position}
          canStop={isOwner || run?.by?.id === user._id}
          onRun={(stdin) => void actions.run(stdin)}
          runRequest={runRequest}
          runsLeft={allowance && allowance.runsPerDay !== null ? { left: Math.max(0, allowance.runsPerDay - allowance.runsToday), of: allowance.runsPerDay } : null}
          onStop={() => void actions.stop(run?.runId)}
        />
        {reconnecting && (
          <p role="status" className="flex items-center gap-2 bg-amber-500/15 px-3 py-1.5 text-sm text-amber-300">
            <WifiOff className="size-4" aria-hidden />
            {playgroundMessages.reconnecting}
          </p>
        )}
        <div ref={setSplit} className="flex min-h-0 flex-1 flex-col">
          <div className="min-h-0 flex-[3] lg:flex-1">
            <Suspense fallback={<Spinner className="m-4 size-6 text-indigo-400" label="Loading editor" />}>
              <CollabEditor
                roomId={room.roomId}
                language={room.language}
                fontSize={fontSize}
                canWrite={view.canWrite}
                me={me}
                users={view.users}
                onLocalEdit={onLocalEdit}
                onText={onText}
                onReady={setEditorHandle}
                onConnected={setDocConnected}
                onRunShortcut={requestRun}
              />
            </Suspense>
          </div>
          {panel.height !== null && (
            <PanelSplitter height={panel.height} min={panel.min} max={panel.max} onResize={panel.setHeight} controls={panelId} />
          )}
          {/* Large screens: the height the splitter sets; small ones share the column with the editor. */}
          <div
            id={panelId}
            className="min-h-40 flex-[2] border-t border-slate-800 lg:h-[var(--panel-h,45%)] lg:flex-none lg:border-t-0"
            style={panel.height === null ? undefined : ({ "--panel-h": `${panel.height}px` } as CSSProperties)}
          >
            <BottomPanel tabs={tabs} active={tab} onSelect={setTab} />
          </div>
        </div>
      </section>
      {isOwner && settingsOpen && renderSettings(room, () => setSettingsOpen(false))}
    </div>
  );
}
