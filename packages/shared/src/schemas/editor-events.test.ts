import { expect, it } from "vitest";
import { clientEventSchemas, type ClientToServerEvents, type ServerToClientEvents, type TClientEvent, type TServerEvent } from "./editor-events";

// The maps are types: these lines only compile while every payload is typed from its schema
// (an `any` anywhere would make the @ts-expect-error lines unused, and tsc fails on them).
const serverSends = <E extends TServerEvent>(_event: E, ..._args: Parameters<ServerToClientEvents[E]>) => true;
const clientSends = <E extends TClientEvent>(_event: E, ..._args: Parameters<ClientToServerEvents[E]>) => true;

it("types server → client payloads: a renamed field does not compile", () => {
  const by = { id: "u1", name: "Ada" };
  expect(serverSends("run:queued", { runId: "r1", by, position: 1 })).toBe(true);
  // @ts-expect-error `runID` is not a field of run:queued
  expect(serverSends("run:queued", { runID: "r1", by, position: 1 })).toBe(true);
  // @ts-expect-error the legacy codeUpdate carries a bare string
  expect(serverSends("codeUpdate", { code: "x" })).toBe(true);
  expect(serverSends("IAMKICKED")).toBe(true);
});

it("types client → server payloads and acks from the schemas the server parses them with", () => {
  expect(clientSends("join", { roomId: "ABC123", tabId: "t" }, (ack) => void (ack.ok && ack.data?.roomName))).toBe(true);
  // @ts-expect-error join needs a roomId
  expect(clientSends("join", { tabId: "t" })).toBe(true);
  // @ts-expect-error the ack of run:start carries a runId, not a result
  expect(clientSends("run:start", {}, (ack) => void (ack.ok && ack.data?.result))).toBe(true);
  expect(clientEventSchemas.join.safeParse({ roomId: "ABC123" }).success).toBe(true);
  expect(clientEventSchemas["run:start"].parse({})).toEqual({ stdin: "" });
});
