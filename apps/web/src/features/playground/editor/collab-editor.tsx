import { useEffect, useRef, useState } from "react";
import { Editor, type OnMount } from "@monaco-editor/react";
import * as Y from "yjs";
import { MonacoBinding } from "y-monaco";
import type { TAwarenessUser, TRoomUser } from "@coderoom/shared/schemas/realtime";
import { Spinner } from "../../../components/ui/spinner.tsx";
import { changedRange } from "./changed-range";
import { monacoLanguageOf } from "./language-map";
import { monaco, themeName } from "./monaco-setup";
import { mountRemoteCursorStyles } from "./remote-cursors";
import { useCollabDoc } from "./use-collab-doc";

type TEditor = Parameters<OnMount>[0];

// Monaco's own key for its tab-focus mode (Ctrl+M; Ctrl+Shift+M on a Mac), and our run key.
const isMac = typeof navigator !== "undefined" && /Mac|iPhone|iPad/.test(navigator.platform);
const keys = isMac ? { tabFocus: "Ctrl+Shift+M", run: "⌘+Enter" } : { tabFocus: "Ctrl+M", run: "Ctrl+Enter" };

/** A selection in 1-based Monaco lines and columns (a cursor is an empty range). */
export interface TEditorSelection {
  startLine: number;
  startColumn: number;
  endLine: number;
  endColumn: number;
}

/**
 * What the page (versions diff, assistant) may ask of the live document. Edits go through
 * this user's binding, so everyone sees them live and one undo reverts each of them.
 */
export interface TEditorHandle {
  getText: () => string;
  getSelection: () => TEditorSelection | null;
  /** Replaces the whole text with `next`, touching only the changed range, as one undoable edit. */
  applyText: (next: string) => void;
  /** Inserts at the cursor (replacing the selection) as one undoable edit. */
  insertAtCursor: (text: string) => void;
}

export interface CollabEditorProps {
  roomId: string;
  language: { id: number; name: string };
  fontSize: number;
  /** The room channel's `canWrite` (owner, or anyoneCanEdit). */
  canWrite: boolean;
  me: TAwarenessUser;
  users: TRoomUser[];
  /** A local edit happened (drives startTyping / stopTyping). */
  onLocalEdit: () => void;
  /** The text after any change, local or remote. */
  onText: (text: string) => void;
  onReady: (handle: TEditorHandle | null) => void;
  onConnected: (connected: boolean) => void;
  /** Ctrl/Cmd+Enter in the editor: run the code. */
  onRunShortcut: () => void;
}

/**
 * Monaco bound to the room's Y.Text (y-monaco): remote cursors with names and colours,
 * undo/redo of one's own edits only (a Y.UndoManager tracking this binding), and a
 * read-only editor whenever the server says this connection may not write.
 */
export default function CollabEditor(props: CollabEditorProps) {
  const { roomId, language, fontSize, canWrite, me, users } = props;
  const { collab, connected, serverCanWrite } = useCollabDoc(roomId);
  const [editor, setEditor] = useState<TEditor | null>(null);
  const latest = useRef(props);
  useEffect(() => {
    latest.current = props;
  });
  const readOnly = !canWrite || serverCanWrite === false;

  const cursorsRef = useRef<{ refresh: () => void } | null>(null);
  // Only a lost connection counts as "reconnecting", not the first connect.
  const everConnected = useRef(false);
  useEffect(() => {
    if (connected) everConnected.current = true;
    latest.current.onConnected(connected || !everConnected.current);
  }, [connected]);

  // Bind the editor to the document once both exist.
  useEffect(() => {
    const model = editor?.getModel();
    if (!editor || !model || !collab) return;
    const { ytext, provider } = collab;
    const awareness = provider.awareness!;
    const binding = new MonacoBinding(ytext, model, new Set([editor]), awareness);
    const undo = new Y.UndoManager(ytext, { trackedOrigins: new Set([binding]) });
    // Monaco's own undo stack would also undo other people's edits: route the keys to Yjs.
    const actions = [
      editor.addAction({
        id: "coderoom.undo",
        label: "Undo",
        keybindings: [monaco.KeyMod.CtrlCmd | monaco.KeyCode.KeyZ],
        run: () => void undo.undo(),
      }),
      editor.addAction({
        id: "coderoom.redo",
        label: "Redo",
        keybindings: [
          monaco.KeyMod.CtrlCmd | monaco.KeyMod.Shift | monaco.KeyCode.KeyZ,
          monaco.KeyMod.CtrlCmd | monaco.KeyCode.KeyY,
        ],
        run: () => void undo.redo(),
      }),
      editor.addAction({
        id: "coderoom.run",
        label: "Run Code",
        keybindings: [monaco.KeyMod.CtrlCmd | monaco.KeyCode.Enter],
        run: () => latest.current.onRunShortcut(),
      }),
    ];
    const observer = (_: Y.YTextEvent, tr: Y.Transaction) => {
      if (tr.local && (tr.origin === binding || tr.origin === undo)) latest.current.onLocalEdit();
      latest.current.onText(ytext.toString());
    };
    ytext.observe(observer);
    const cursors = mountRemoteCursorStyles(awareness, () => latest.current.users);
    cursorsRef.current = cursors;
    const edit = (range: InstanceType<typeof monaco.Range>, text: string) => {
      if (editor.getOption(monaco.editor.EditorOption.readOnly)) return;
      undo.stopCapturing();
      editor.executeEdits("coderoom", [{ range, text, forceMoveMarkers: true }]);
      undo.stopCapturing();
    };
    latest.current.onReady({
      getText: () => ytext.toString(),
      getSelection: () => {
        const sel = editor.getSelection();
        return sel
          ? { startLine: sel.startLineNumber, startColumn: sel.startColumn, endLine: sel.endLineNumber, endColumn: sel.endColumn }
          : null;
      },
      applyText: (next) => {
        const { start, end, insert } = changedRange(model.getValue(), next);
        const from = model.getPositionAt(start);
        const to = model.getPositionAt(end);
        edit(new monaco.Range(from.lineNumber, from.column, to.lineNumber, to.column), insert);
      },
      insertAtCursor: (text) => {
        const sel = editor.getSelection();
        if (sel) edit(sel, text);
      },
    });
    return () => {
      latest.current.onReady(null);
      ytext.unobserve(observer);
      cursors.dispose();
      cursorsRef.current = null;
      actions.forEach((a) => a.dispose());
      undo.destroy();
      binding.destroy();
    };
  }, [editor, collab]);

  // Publish who we are (the server's colour) to the others' cursor labels.
  useEffect(() => {
    collab?.provider.awareness?.setLocalStateField("user", { id: me.id, name: me.name, color: me.color });
  }, [collab, me.id, me.name, me.color]);

  // Presence names and colours may arrive after the awareness states: re-render the labels.
  const cursorsKey = users.map((u) => `${u.id}:${u.name}:${u.color}`).join("|");
  useEffect(() => cursorsRef.current?.refresh(), [cursorsKey]);

  useEffect(() => {
    editor?.updateOptions({ readOnly, fontSize });
  }, [editor, readOnly, fontSize]);

  return (
    <div className="relative flex h-full min-h-64 flex-col" data-testid="code-editor" data-readonly={readOnly}>
      <div className="min-h-0 flex-1">
        <Editor
          height="100%"
          theme={themeName}
          language={monacoLanguageOf(language)}
          loading={<Spinner className="size-6 text-indigo-400" label="Loading editor" />}
          options={{
            readOnly,
            fontSize,
            fontFamily: "'JetBrains Mono', 'Fira Code', ui-monospace, SFMono-Regular, Menlo, Consolas, monospace",
            wordWrap: "on",
            minimap: { enabled: false },
            quickSuggestions: true,
            automaticLayout: true,
            scrollBeyondLastLine: false,
            padding: { top: 18 },
            tabSize: 4,
            // Tab indents here; say how to leave (this label replaces Monaco's own Alt+F1 hint).
            ariaLabel: `Code editor. Tab indents; press ${keys.tabFocus} to let Tab move focus. ${keys.run} runs the code.`,
          }}
          onMount={(ed) => setEditor(ed)}
        />
      </div>
      <p className="shrink-0 border-t border-slate-800 bg-slate-900 px-3 py-0.5 text-xs text-slate-400" data-testid="editor-keys">
        <kbd>{keys.tabFocus}</kbd>: Tab moves focus · <kbd>{keys.run}</kbd>: run
      </p>
      {!collab?.provider.synced && !connected && (
        <p className="pointer-events-none absolute top-2 right-3 text-xs text-slate-400">Connecting to the document…</p>
      )}
    </div>
  );
}
