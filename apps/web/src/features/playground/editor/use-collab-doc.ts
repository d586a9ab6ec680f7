import { useEffect, useState } from "react";
import * as Y from "yjs";
import { HocuspocusProvider, HocuspocusProviderWebsocket, WebSocketStatus } from "@hocuspocus/provider";
import toast from "react-hot-toast";
import type { z } from "zod";
import { collabPath, collabTextName, zCollabRefusal, zCollabStateless } from "@coderoom/shared/schemas/realtime";
import { collabUrl } from "../../../lib/socket";
import { destroyCollabSocket } from "./destroy-collab-socket";

/** A server message (JSON text) if it has this shape, else null. */
function parseJson<T>(text: string, schema: z.ZodType<T>): T | null {
  try {
    const parsed = schema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * Refusals shown as a toast; true: the document starts over (the refused edit is dropped).
 * After `rate_limited` the provider reconnects and its resync sends what was not applied.
 */
const restartAfter: Record<string, boolean> = { rate_limited: false, document_too_large: true, payload_too_large: true };

export interface TCollabDoc {
  doc: Y.Doc;
  ytext: Y.Text;
  provider: HocuspocusProvider;
}

/**
 * The room's Y.Doc over Hocuspocus (`/collab`, document name = room id). The provider
 * keeps local edits while offline and merges them on reconnect (the CRDT does the rest).
 * `serverCanWrite` follows the server's `permissions` messages (null until told); refusals
 * of an edit (rate, size) are shown as a toast.
 */
export function useCollabDoc(roomId: string) {
  const [collab, setCollab] = useState<TCollabDoc | null>(null);
  const [connected, setConnected] = useState(false);
  const [serverCanWrite, setServerCanWrite] = useState<boolean | null>(null);
  const [generation, setGeneration] = useState(0);

  useEffect(() => {
    const doc = new Y.Doc();
    const socket = new HocuspocusProviderWebsocket({
      url: collabUrl(collabPath),
      // Same backoff as the room channel (spec §9): 1 s doubling to 5 s, jittered, unlimited.
      delay: 1_000,
      factor: 2,
      maxDelay: 5_000,
      maxAttempts: 0,
      jitter: true,
      minDelay: 500,
    });
    const provider = new HocuspocusProvider({
      websocketProvider: socket,
      name: roomId,
      document: doc,
      // The session cookie authenticates the upgrade; the token field is required by the protocol only.
      token: "session",
      onStatus: ({ status }) => setConnected(status === WebSocketStatus.Connected),
      // Refused (not a member of the room, or too many unknown room IDs): say why.
      onAuthenticationFailed: ({ reason }) => {
        const refusal = parseJson(reason, zCollabRefusal);
        if (refusal) toast.error(refusal.message);
      },
      onStateless: ({ payload }) => {
        const msg = parseJson(payload, zCollabStateless);
        if (msg?.type === "permissions") setServerCanWrite(msg.canWrite);
        if (msg?.type === "readOnly" && Object.hasOwn(restartAfter, msg.code)) {
          toast.error(msg.message, { id: msg.code });
          // A refused edit stays in this Y.Doc and would be sent again: start over from the server's.
          if (restartAfter[msg.code]) setGeneration((g) => g + 1);
        }
      },
    });
    setCollab({ doc, ytext: doc.getText(collabTextName), provider });
    provider.attach();
    return () => {
      provider.destroy();
      destroyCollabSocket(socket);
      doc.destroy();
      setCollab(null);
    };
  }, [roomId, generation]);

  return { collab, connected, serverCanWrite };
}
