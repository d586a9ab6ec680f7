import { afterAll, beforeAll, expect, it } from "vitest";
import { Hocuspocus, MessageType, type Extension, type beforeHandleMessagePayload, type onAuthenticatePayload, type onStoreDocumentPayload } from "@hocuspocus/server";
import type { HocuspocusProvider } from "@hocuspocus/provider";
import * as decoding from "lib0/decoding";
import { startBareHocuspocus, until } from "../../../test/bare-hocuspocus";
import { RELAY_ORIGIN } from "./redis-relay";

// The Hocuspocus behaviour our /collab extensions rely on (collab-access, collab-limits,
// client-messages), against a bare server: if an update of @hocuspocus/server changes it,
// this fails before they silently stop working.

const READ_ONLY_DOC = "read-only";

/** Refuses stateless messages by throwing (as client-messages.ts does); documents named "read-only" are read-only from the start. */
/** The documents whose onStoreDocument hook ran. */
const stored: string[] = [];
const extension: Extension = {
  extensionName: "hooks-under-test",
  async onStoreDocument({ documentName }: onStoreDocumentPayload) {
    stored.push(documentName);
  },
  async onAuthenticate({ documentName, connectionConfig }: onAuthenticatePayload) {
    connectionConfig.readOnly = documentName === READ_ONLY_DOC;
  },
  async beforeHandleMessage({ update, connection }: beforeHandleMessagePayload) {
    const decoder = decoding.createDecoder(update);
    decoding.readVarString(decoder);
    const type = decoding.readVarUint(decoder) as MessageType;
    if (type === MessageType.Stateless) throw Object.assign(new Error("refused"), { code: 4403, reason: "refused" });
    // collab-limits turns a connection read-only from this hook; the message in hand must then be dropped.
    if (type === MessageType.Sync && connection.context.dropFromNowOn) connection.readOnly = true;
  },
};

const hocuspocus = new Hocuspocus({ quiet: true, extensions: [extension] });
let bare: Awaited<ReturnType<typeof startBareHocuspocus>>;
beforeAll(async () => {
  bare = await startBareHocuspocus(hocuspocus, (ws, req) => hocuspocus.handleConnection(ws, req, { dropFromNowOn: req.url?.includes("drop") }));
});
afterAll(() => bare.close());
const client = (name: string, path?: string) => bare.client(name, path);
const serverText = (name: string) => hocuspocus.documents.get(name)?.getText("code").toString();

it("takes a connection off its document when a message hook throws, and tells the client why", async () => {
  const { provider, close } = client("refuse");
  const reasons: string[] = [];
  provider.on("close", ({ event }: { event: { reason: string } }) => reasons.push(event.reason));
  await until(() => provider.isSynced);
  expect(hocuspocus.documents.get("refuse")?.getConnectionsCount()).toBe(1);
  provider.sendStateless("anything");
  await until(() => reasons.length > 0);
  expect(reasons[0]).toBe("refused");
  expect(hocuspocus.documents.get("refuse")?.getConnectionsCount() ?? 0).toBe(0);
  close();
});

/** Resolves once the server has handled everything this provider sent so far (awareness still passes read-only). */
async function handled(provider: HocuspocusProvider, name: string) {
  const marker = Math.random();
  provider.setAwarenessField("marker", marker);
  await until(() => hocuspocus.documents.get(name)?.awareness.getStates().get(provider.document.clientID)?.marker === marker);
}

it("applies no update of a connection authenticated read-only", async () => {
  const { provider, close } = client(READ_ONLY_DOC);
  await until(() => provider.isSynced);
  provider.document.getText("code").insert(0, "forbidden");
  await handled(provider, READ_ONLY_DOC);
  expect(serverText(READ_ONLY_DOC)).toBe("");
  close();
});

it("drops the update in hand once beforeHandleMessage has made its connection read-only", async () => {
  const { provider, close } = client("dropped", "/drop");
  await until(() => provider.isSynced);
  provider.document.getText("code").insert(0, "dropped");
  await handled(provider, "dropped");
  expect(serverText("dropped")).toBe("");
  close();
});

it("applies an update of a writable connection (the control of the two above)", async () => {
  const { provider, close } = client("writable");
  await until(() => provider.isSynced);
  provider.document.getText("code").insert(0, "kept");
  await handled(provider, "writable");
  expect(serverText("writable")).toBe("kept");
  close();
});

it("schedules no store for an update with the Redis relay's origin: the document unloads when its last client leaves", async () => {
  const { provider, close } = client("relayed");
  await until(() => provider.isSynced);
  const document = hocuspocus.documents.get("relayed")!;
  // As another process's keystroke arrives through the relay (redis-relay.ts).
  document.transact(() => document.getText("code").insert(0, "typed elsewhere"), RELAY_ORIGIN);
  close();
  await until(() => !hocuspocus.documents.has("relayed"));
  // A scheduled store runs when the last client leaves, and one per update would keep restarting
  // its 2 s debounce while other processes type, holding the document loaded.
  expect(stored).not.toContain("relayed");
});
