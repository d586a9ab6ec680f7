import { useEffect, useRef } from "react";
import { DiffEditor, type MonacoDiffEditor } from "@monaco-editor/react";
import { Spinner } from "../../../components/ui/spinner.tsx";
import { monacoLanguageOf } from "./language-map";
import { themeName } from "./monaco-setup";

/** A saved version (left) against the live text (right), in Monaco's diff editor. */
export default function VersionDiff(props: { original: string; modified: string; language: { id: number; name: string } }) {
  // The wrapper disposes its models before the diff widget lets go of them (Monaco then throws):
  // keep them, and dispose them ourselves once the widget itself is gone.
  const modelsRef = useRef<ReturnType<MonacoDiffEditor["getModel"]>>(null);
  useEffect(
    () => () => {
      const models = modelsRef.current;
      setTimeout(() => {
        models?.original.dispose();
        models?.modified.dispose();
      });
    },
    [],
  );
  return (
    <div className="h-[60vh] overflow-hidden rounded-lg border border-slate-800" data-testid="version-diff">
      <DiffEditor
        height="100%"
        theme={themeName}
        language={monacoLanguageOf(props.language)}
        original={props.original}
        modified={props.modified}
        keepCurrentOriginalModel
        keepCurrentModifiedModel
        onMount={(e) => void (modelsRef.current = e.getModel())}
        loading={<Spinner className="size-6 text-indigo-400" label="Loading diff" />}
        options={{ readOnly: true, originalEditable: false, renderSideBySide: true, minimap: { enabled: false }, wordWrap: "on", automaticLayout: true }}
      />
    </div>
  );
}
