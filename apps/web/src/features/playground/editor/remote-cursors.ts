import type { Awareness } from "y-protocols/awareness";
import type { TAwarenessUser, TRoomUser } from "@coderoom/shared/schemas/realtime";

const fallbackColor = "#6366f1";
const safeColor = (c: unknown): string => (typeof c === "string" && /^#[0-9a-f]{6}$/i.test(c) ? c : fallbackColor);

/** A CSS string literal for any text: every character but letters, digits and spaces escaped. */
export function cssString(text: string): string {
  let out = "";
  for (const ch of text.slice(0, 40)) {
    out += /[A-Za-z0-9 ]/.test(ch) ? ch : `\\${ch.codePointAt(0)!.toString(16)} `;
  }
  return `"${out}"`;
}

/**
 * CSS for y-monaco's remote selection classes, one rule set per client id: the selection
 * tinted with the person's colour and the caret carrying their name. Names and colours come
 * from the server's presence list when the person is in it, else from the awareness `user`
 * (which the server sets from the sender's session).
 */
export function remoteCursorCss(
  states: Map<number, Record<string, unknown>>,
  selfClientId: number,
  users: TRoomUser[],
): string {
  const rules: string[] = [];
  states.forEach((state, clientId) => {
    if (clientId === selfClientId) return;
    const claimed = (state.user ?? {}) as Partial<TAwarenessUser>;
    const known = users.find((u) => u.id === claimed.id);
    const name = known?.name ?? (typeof claimed.name === "string" ? claimed.name : "Someone");
    const color = safeColor(known?.color ?? claimed.color);
    rules.push(
      `.yRemoteSelection-${clientId}{background-color:${color}40}`,
      `.yRemoteSelectionHead-${clientId}{position:absolute;height:100%;box-sizing:border-box;border-left:2px solid ${color}}`,
      `.yRemoteSelectionHead-${clientId}::after{content:${cssString(name)};position:absolute;left:-2px;top:-1.15em;` +
        `padding:0 4px;border-radius:3px 3px 3px 0;background:${color};color:#fff;font:600 11px/1.15em system-ui,sans-serif;` +
        `white-space:nowrap;pointer-events:none;z-index:10}`,
    );
  });
  return rules.join("\n");
}

/** Keeps a <style> element in step with the awareness states; returns the cleanup. */
export function mountRemoteCursorStyles(awareness: Awareness, getUsers: () => TRoomUser[]): { refresh: () => void; dispose: () => void } {
  const style = document.createElement("style");
  style.dataset.remoteCursors = "";
  document.head.appendChild(style);
  const refresh = () => {
    style.textContent = remoteCursorCss(
      awareness.getStates() as Map<number, Record<string, unknown>>,
      awareness.clientID,
      getUsers(),
    );
  };
  awareness.on("change", refresh);
  refresh();
  return {
    refresh,
    dispose: () => {
      awareness.off("change", refresh);
      style.remove();
    },
  };
}
