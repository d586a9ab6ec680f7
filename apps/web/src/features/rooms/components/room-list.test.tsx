import { describe, expect, it } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { TRoomSummary } from "@coderoom/shared/schemas/rooms";
import { RoomList } from "./room-list.tsx";
import { ok, stubApi } from "../../../test/api-stub";
import { renderOnDashboard } from "./rooms-test-harness.tsx";

const summary = (over: Partial<TRoomSummary>): TRoomSummary => ({
  roomId: "AAA111",
  roomName: "Mine",
  owner: "me",
  ownerName: "Me Myself",
  isOwner: true,
  language: { id: 71, name: "Python (3.11)" },
  anyoneCanEdit: false,
  createdAt: "2025-01-05T09:00:00.000Z",
  updatedAt: "2025-01-05T09:00:00.000Z",
  ...over,
});

const mine = summary({});
const theirs = summary({ roomId: "BBB222", roomName: "Theirs", owner: "o", ownerName: "Olga Owner", isOwner: false, anyoneCanEdit: true });
const card = (roomId: string) => screen.getByRole("article", { name: roomId === mine.roomId ? mine.roomName : theirs.roomName });

describe("RoomList", () => {
  it("shows \"No rooms yet\" when the user has no room", async () => {
    stubApi({ "GET /users/rooms": () => ok({ rooms: [] }) });
    renderOnDashboard(<RoomList />);
    expect(await screen.findByText("No rooms yet")).toBeInTheDocument();
    expect(screen.getByText("Get started by creating your first collaborative coding room!")).toBeInTheDocument();
  });

  it("shows \"No matching rooms found\" when a search leaves nothing", async () => {
    stubApi({ "GET /users/rooms": () => ok({ rooms: [mine, theirs] }) });
    const user = userEvent.setup();
    renderOnDashboard(<RoomList />);
    await screen.findByText("Mine");
    await user.type(screen.getByLabelText("Search rooms"), "zzz");
    expect(screen.getByText("No matching rooms found")).toBeInTheDocument();
    expect(screen.getByText(/adjusting your search or filters/)).toBeInTheDocument();
    expect(screen.getByText('Showing 0 rooms matching "zzz" · Sorted by Most Recent')).toBeInTheDocument();
  });

  it("renders each card with its ID, upper-case language, access, IST dates, and an edit button only for the owner", async () => {
    stubApi({ "GET /users/rooms": () => ok({ rooms: [mine, theirs] }) });
    renderOnDashboard(<RoomList />);
    await screen.findByText("Mine");
    const own = within(card(mine.roomId));
    expect(own.getByText("AAA111")).toBeInTheDocument();
    expect(own.getByText("Python (3.11)")).toHaveClass("uppercase");
    expect(own.getByText("Private")).toBeInTheDocument();
    expect(own.getByText("Created:").nextElementSibling).toHaveTextContent("05 Jan 2025, 14:30 IST");
    expect(own.getByRole("tooltip")).toHaveTextContent("05 Jan 2025, 14:30 IST");
    expect(own.getByRole("button", { name: "Edit room settings" })).toBeInTheDocument();
    const other = within(card(theirs.roomId));
    expect(other.getByText("Public")).toBeInTheDocument();
    expect(other.queryByRole("button", { name: "Edit room settings" })).toBeNull();
    expect(other.getByRole("button", { name: "Delete room" })).toBeInTheDocument();
  });

  it("deletes after confirmation and reloads the list", async () => {
    let rooms = [mine, theirs];
    const seen = stubApi({
      "GET /users/rooms": () => ok({ rooms }),
      "DELETE /rooms/delete/AAA111": () => {
        rooms = [theirs];
        return ok({ roomId: "AAA111", outcome: "deleted" }, "Room deleted successfully");
      },
    });
    const user = userEvent.setup();
    renderOnDashboard(<RoomList />);
    await screen.findByText("Mine");
    await user.click(within(card(mine.roomId)).getByRole("button", { name: "Delete room" }));
    const dialog = screen.getByRole("dialog", { name: "Delete Room?" });
    expect(dialog).toHaveTextContent(
      'Are you sure you want to delete "Mine"? This action cannot be undone and all room data will be lost.',
    );
    await user.click(within(dialog).getByRole("button", { name: "Delete Room" }));
    await waitFor(() => expect(screen.queryByText("Mine")).toBeNull());
    expect(screen.queryByRole("dialog")).toBeNull();
    await waitFor(() => expect(seen.filter((r) => r.path === "/users/rooms")).toHaveLength(2));
  });

  it("tells a non-owner that deleting only removes the room from their list", async () => {
    stubApi({ "GET /users/rooms": () => ok({ rooms: [mine, theirs] }) });
    const user = userEvent.setup();
    renderOnDashboard(<RoomList />);
    await screen.findByText("Theirs");
    await user.click(within(card(theirs.roomId)).getByRole("button", { name: "Delete room" }));
    const dialog = screen.getByRole("dialog", { name: "Remove Room?" });
    expect(dialog).toHaveTextContent("The room stays available to its owner");
    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("saves the edited settings with the owner's new name and access", async () => {
    const seen = stubApi({
      "GET /users/rooms": () => ok({ rooms: [mine] }),
      "PUT /rooms/update/AAA111": () =>
        ok({ roomId: "AAA111", roomName: "Renamed", anyoneCanEdit: true, updatedAt: mine.updatedAt, changed: [] }),
    });
    const user = userEvent.setup();
    renderOnDashboard(<RoomList />);
    await screen.findByText("Mine");
    await user.click(screen.getByRole("button", { name: "Edit room settings" }));
    const dialog = screen.getByRole("dialog", { name: "Edit Room Settings" });
    const name = within(dialog).getByLabelText("Room Name");
    await user.clear(name);
    expect(within(dialog).getByRole("button", { name: "Save Changes" })).toBeDisabled();
    await user.type(name, "Renamed");
    await user.click(within(dialog).getByLabelText("Anyone can edit"));
    await user.click(within(dialog).getByRole("button", { name: "Save Changes" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(seen.find((r) => r.method === "PUT")?.body).toEqual({ roomName: "Renamed", anyoneCanEdit: true });
  });
});
