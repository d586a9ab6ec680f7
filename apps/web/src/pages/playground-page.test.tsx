import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { act, screen, waitFor, within } from "@testing-library/react";
import { playgroundMessages, toastMessages } from "@coderoom/shared/messages";
import { PlaygroundPage } from "./playground-page.tsx";
import { renderPage } from "../test/render.tsx";
import { fail, ok, stubApi } from "../test/api-stub";
import { logIn } from "../test/factories";
import { FakeSocket } from "../features/playground/test/fake-socket";
import { makeRoom, makeRoomState, makeRoomUser, serveRoom } from "../features/playground/test/room-fixtures";

// The network boundary: socket.io-client hands out the fake socket the test drives.
const sockets: FakeSocket[] = [];
vi.mock("socket.io-client", () => ({
  io: () => {
    const socket = sockets.at(-1)!;
    queueMicrotask(() => socket.connect());
    return socket;
  },
}));
// Monaco and the Yjs provider need a real browser (covered by e2e/playground.test.ts).
vi.mock("../features/playground/editor/collab-editor", () => ({
  default: (props: { canWrite: boolean }) => <div data-testid="code-editor" data-readonly={String(!props.canWrite)} />,
}));

let socket: FakeSocket;
beforeEach(() => {
  socket = new FakeSocket();
  sockets.push(socket);
});
afterEach(() => {
  sockets.length = 0;
});

const open = (path = "/playground/abc123") =>
  renderPage(<PlaygroundPage />, { path: "/playground/:roomId?", entries: [path], stubs: ["/dashboard"] });

async function joinedRoom(state = makeRoomState()) {
  logIn();
  stubApi({ "GET /rooms/join/ABC123": ok(makeRoom()) });
  serveRoom(socket, { state });
  const view = open();
  await screen.findByRole("heading", { name: "Room ID: ABC123" });
  return view;
}

describe("PlaygroundPage entry (spec §4)", () => {
  it("sends a visit without a room id to the dashboard", async () => {
    logIn();
    open("/playground");
    expect(await screen.findByRole("heading", { name: "stub /dashboard" })).toBeInTheDocument();
  });

  it("a second tab of the same user is told it is already in the room and sent to the dashboard", async () => {
    logIn();
    const calls = stubApi({ "GET /rooms/join/ABC123": ok(makeRoom()) });
    serveRoom(socket, { unique: false });
    open();
    expect(await screen.findByText(toastMessages.alreadyInRoom)).toBeInTheDocument();
    expect(await screen.findByRole("heading", { name: "stub /dashboard" })).toBeInTheDocument();
    expect(calls).toHaveLength(0);
    expect(socket.sentEvents("join")).toHaveLength(0);
  });

  it("a failed room fetch goes to the dashboard without a message and never joins", async () => {
    logIn();
    stubApi({ "GET /rooms/join/ABC123": fail(404, "Room not found", "room_not_found") });
    serveRoom(socket);
    open();
    expect(await screen.findByRole("heading", { name: "stub /dashboard" })).toBeInTheDocument();
    expect(screen.queryByText("Room not found")).not.toBeInTheDocument();
    expect(socket.sentEvents("join")).toHaveLength(0);
  });

  it("a user the owner removed is sent to the dashboard with the server's message and never joins", async () => {
    logIn();
    const message = "You were removed from this room by its owner";
    stubApi({ "GET /rooms/join/ABC123": fail(403, message, "removed_from_room") });
    serveRoom(socket);
    open();
    expect(await screen.findByRole("heading", { name: "stub /dashboard" })).toBeInTheDocument();
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(socket.sentEvents("join")).toHaveLength(0);
  });

  it("joins with the upper-cased room id and a per-tab id, then shows the room", async () => {
    await joinedRoom();
    const [verify] = socket.sentEvents("verifyUniqueUser") as { roomId: string; tabId: string }[];
    const [join] = socket.sentEvents("join") as { roomId: string; tabId: string; userName: string }[];
    expect(verify!.roomId).toBe("ABC123");
    expect(join).toMatchObject({ roomId: "ABC123", userName: "Ada" });
    expect(join!.tabId).toBe(verify!.tabId);
    expect(join!.tabId).toBe(sessionStorage.getItem("playground.tabId"));
    expect(screen.getByTestId("access-badge")).toHaveTextContent("Owner");
    expect(JSON.parse(sessionStorage.getItem("room.roomName")!)).toBe("Alpha Project");
  });

  it("a join refused by the server (room deleted) goes to the dashboard with the server's message", async () => {
    logIn();
    stubApi({ "GET /rooms/join/ABC123": ok(makeRoom()) });
    serveRoom(socket);
    socket.server.set("join", () => ({ ok: false, code: "room_not_found", message: "Room not found" }));
    open();
    expect(await screen.findByRole("heading", { name: "stub /dashboard" })).toBeInTheDocument();
    expect(await screen.findByText("Room not found")).toBeInTheDocument();
  });
});

describe("PlaygroundPage in the room", () => {
  it("after a network blip shows Reconnecting… and re-joins with the same tab id, without asking uniqueness again", async () => {
    await joinedRoom();
    act(() => socket.drop());
    expect(await screen.findByText(playgroundMessages.reconnecting)).toBeInTheDocument();
    act(() => void socket.connect());
    await waitFor(() => expect(socket.sentEvents("join")).toHaveLength(2));
    const joins = socket.sentEvents("join") as { tabId: string }[];
    expect(joins[1]!.tabId).toBe(joins[0]!.tabId);
    expect(socket.sentEvents("verifyUniqueUser")).toHaveLength(1);
    await waitFor(() => expect(screen.queryByText(playgroundMessages.reconnecting)).not.toBeInTheDocument());
  });

  it("toasts joins and leaves and replaces the user list", async () => {
    await joinedRoom();
    const alan = makeRoomUser({ id: "u2", name: "Alan", socketId: "s2", color: "#22c55e" });
    socket.push("userJoined", { userName: "Alan", users: [makeRoomUser(), alan] });
    expect(await screen.findByText("Alan joined the room!")).toBeInTheDocument();
    expect(screen.getAllByRole("heading", { name: "Active Users (2)" })[0]).toBeInTheDocument();
    socket.push("userLeft", { userName: "Alan", users: [makeRoomUser()] });
    expect(await screen.findByText("Alan left the room!")).toBeInTheDocument();
    expect(screen.getAllByRole("heading", { name: "Active Users (1)" })[0]).toBeInTheDocument();
  });

  it("a kicked user's room state is cleared and they land on the dashboard with the spec's toast", async () => {
    await joinedRoom();
    socket.push("IAMKICKED");
    expect(await screen.findByText(toastMessages.kicked)).toBeInTheDocument();
    expect(await screen.findByRole("heading", { name: "stub /dashboard" })).toBeInTheDocument();
    expect(sessionStorage.getItem("room.roomId")).toBeNull();
  });

  it("the owner deleting the room sends everyone to the dashboard with a toast", async () => {
    await joinedRoom();
    socket.push("room:deleted", { roomId: "ABC123" });
    expect(await screen.findByText(playgroundMessages.roomDeleted)).toBeInTheDocument();
    expect(await screen.findByRole("heading", { name: "stub /dashboard" })).toBeInTheDocument();
  });

  it("Leave Room sends leaveRoom, clears room state and goes to the dashboard", async () => {
    const { user } = await joinedRoom();
    await user.click(within(screen.getByRole("complementary", { name: "Room" })).getByRole("button", { name: "Leave Room" }));
    expect(await screen.findByRole("heading", { name: "stub /dashboard" })).toBeInTheDocument();
    expect(socket.sentEvents("leaveRoom")).toHaveLength(1);
    expect(sessionStorage.getItem("room.roomId")).toBeNull();
  });

  it("follows live settings: a non-owner becomes view-only and sees the new language without a rejoin", async () => {
    logIn({ _id: "u2", fullName: "Alan Turing" });
    stubApi({ "GET /rooms/join/ABC123": ok(makeRoom({ anyoneCanEdit: true })) });
    serveRoom(socket, { state: makeRoomState({ anyoneCanEdit: true, canWrite: true }) });
    open();
    expect(await screen.findByTestId("access-badge")).toHaveTextContent("Anyone Can Edit");
    expect(await screen.findByTestId("code-editor")).toHaveAttribute("data-readonly", "false");
    expect(screen.getByText("PYTHON")).toBeInTheDocument();
    socket.push("room:settings", { roomName: "Alpha Project", anyoneCanEdit: false, canWrite: false, language: { id: 63, name: "JavaScript" } });
    expect(screen.getByTestId("access-badge")).toHaveTextContent("View Only");
    expect(screen.getByText("JAVASCRIPT")).toBeInTheDocument();
    expect(screen.getByTestId("code-editor")).toHaveAttribute("data-readonly", "true");
    expect(screen.getByRole("button", { name: playgroundMessages.ownerOnlySave })).toBeDisabled();
    expect(await screen.findByText(toastMessages.roomUpdated)).toBeInTheDocument();
  });

  it("streams a run's output and shows the result relayed to everyone", async () => {
    const { user } = await joinedRoom();
    socket.server.set("run:start", () => ({ ok: true, data: { runId: "r1" } }));
    await user.click(screen.getByRole("button", { name: "Run Code" }));
    expect(socket.sentEvents("run:start")).toEqual([{ stdin: "" }]);
    const by = { id: "u1", name: "Ada" };
    socket.push("run:queued", { runId: "r1", by, position: 2 });
    expect(screen.getByRole("button", { name: "Queued" })).toBeDisabled();
    socket.push("run:started", { runId: "r1", by });
    socket.push("run:output", { runId: "r1", stream: "stdout", data: "hello\n" });
    expect(within(screen.getByRole("log", { name: "Terminal" })).getByText("hello")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Run Code" })).toBeDisabled();
    const result = { status: { id: 3, description: "Accepted" }, stdout: "hello\n", stderr: null, compile_output: null, time: 12, memory: 1, exit_code: 0 };
    socket.push("run:finished", { runId: "r1", by, result });
    expect(screen.getByText("CPU time: 12 ms")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Run Code" })).toBeEnabled();
  });

  it("a refused run re-enables Run Code and shows why", async () => {
    const { user } = await joinedRoom();
    socket.server.set("run:start", () => ({ ok: false, code: "run_quota_exceeded", message: "Daily run limit reached" }));
    await user.click(screen.getByRole("button", { name: "Run Code" }));
    expect(await screen.findByText("Daily run limit reached")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Run Code" })).toBeEnabled();
  });
});
