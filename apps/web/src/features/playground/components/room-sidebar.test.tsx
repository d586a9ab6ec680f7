import { describe, expect, it, vi } from "vitest";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { makeRoomUser } from "../test/room-fixtures";
import { RoomSidebar } from "./room-sidebar.tsx";

const users = Array.from({ length: 7 }, (_, i) =>
  makeRoomUser({ id: `u${i + 1}`, name: `User ${i + 1}`, socketId: `s${i + 1}`, isTyping: i === 1 }),
);

function setup(isOwner: boolean, list = users) {
  const props = {
    roomId: "ABC123",
    roomName: "Alpha Project",
    users: list,
    myId: "u1",
    isOwner,
    copied: false,
    onCopyLink: vi.fn(),
    onEditSettings: vi.fn(),
    onKick: vi.fn(),
    onLeave: vi.fn(),
  };
  render(<RoomSidebar {...props} />);
  return { props, user: userEvent.setup() };
}

describe("RoomSidebar (spec §2)", () => {
  it("counts everyone but lists at most 5, with the typing indicator", () => {
    setup(false);
    expect(screen.getByRole("heading", { name: "Room ID: ABC123" })).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Active Users (7)" })).toBeInTheDocument();
    expect(screen.getAllByRole("listitem")).toHaveLength(5);
    const typing = screen.getAllByRole("listitem")[1]!;
    expect(within(typing).getByText("typing...")).toBeInTheDocument();
    expect(within(screen.getAllByRole("listitem")[0]!).queryByText("typing...")).not.toBeInTheDocument();
  });

  it("rings each person's avatar in their colour, the one their caret carries", () => {
    setup(false, [makeRoomUser({ id: "u1", color: "#22c55e" }), makeRoomUser({ id: "u2", name: "Alan", socketId: "s2", color: "#3b82f6" })]);
    const [me, alan] = screen.getAllByRole("listitem");
    expect(within(me!).getByTestId("user-color")).toHaveStyle({ backgroundColor: "#22c55e" });
    expect(within(alan!).getByTestId("user-color")).toHaveStyle({ backgroundColor: "#3b82f6" });
  });

  it("lists a person with two tabs once", () => {
    setup(false, [makeRoomUser(), makeRoomUser({ socketId: "s9", isTyping: true })]);
    expect(screen.getByRole("heading", { name: "Active Users (1)" })).toBeInTheDocument();
    expect(screen.getByText("typing...")).toBeInTheDocument();
  });

  it("gives the owner settings and a kick button beside everyone else", async () => {
    const { props, user } = setup(true);
    expect(screen.queryByRole("button", { name: "Kick User 1" })).not.toBeInTheDocument();
    expect(screen.getAllByRole("button", { name: /^Kick / })).toHaveLength(4);
    await user.click(screen.getByRole("button", { name: "Kick User 3" }));
    expect(props.onKick).toHaveBeenCalledWith("u3");
    await user.click(screen.getByRole("button", { name: "Settings" }));
    expect(props.onEditSettings).toHaveBeenCalled();
  });

  it("shows no settings or kick buttons to others", () => {
    setup(false);
    expect(screen.queryByRole("button", { name: "Settings" })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /^Kick / })).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Leave Room" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Copy Link" })).toBeInTheDocument();
  });
});
