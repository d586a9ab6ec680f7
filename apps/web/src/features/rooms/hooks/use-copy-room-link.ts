import { useCallback, useEffect, useRef, useState } from "react";
import toast from "react-hot-toast";
import { limits } from "@coderoom/shared/constants/limits";
import { toastMessages } from "@coderoom/shared/messages";

/** The shareable link of a room: {origin}/playground/{roomId} (spec §2). */
export const roomLink = (roomId: string, origin = window.location.origin) => `${origin}/playground/${roomId}`;

// Older browsers and insecure origins have no async clipboard: copy through a hidden textarea.
function copyWithTextarea(text: string): boolean {
  const area = document.createElement("textarea");
  area.value = text;
  area.setAttribute("readonly", "");
  area.style.position = "fixed";
  area.style.opacity = "0";
  document.body.appendChild(area);
  area.select();
  try {
    return document.execCommand("copy");
  } finally {
    area.remove();
  }
}

/** Copies text with the async clipboard API, falling back to execCommand; true on success. */
export async function copyText(text: string): Promise<boolean> {
  try {
    if (navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // Denied or unfocused document: try the fallback below.
  }
  return copyWithTextarea(text);
}

/** Copy-link button state: copies the room's link, toasts, and shows "copied" for 2 s. */
export function useCopyRoomLink(roomId: string) {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const copy = useCallback(async () => {
    if (!(await copyText(roomLink(roomId)))) {
      toast.error("Could not copy the link. Copy it from the address bar instead.");
      return;
    }
    toast.success(toastMessages.linkCopied);
    setCopied(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(false), limits.copiedStateMs);
  }, [roomId]);

  return { copied, copy };
}
