import { describe, expect, it } from "vitest";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { JoinRoomCard } from "./join-room-card.tsx";
import { ok, stubApi } from "../../../test/api-stub";
import { renderOnDashboard } from "./rooms-test-harness.tsx";

const idInput = () => screen.getByLabelText("6-Digit Room ID");
const joinButton = () => screen.getByRole("button", { name: /Join Room|Joining Room/ });
const room = { roomId: "AB12CD", roomName: "R", language: { id: 71, name: "Python" }, owner: "u", code: "", anyoneCanEdit: false };

describe("JoinRoomCard", () => {
  it("upper-cases the ID, drops anything but letters and digits, and stops at 6", async () => {
    stubApi({});
    const user = userEvent.setup();
    renderOnDashboard(<JoinRoomCard />);
    await user.type(idInput(), "ab-12 c!d9xyz");
    expect(idInput()).toHaveValue("AB12CD");
    expect(screen.getByText("6/6")).toBeInTheDocument();
  });

  it("keeps a pasted ID with separators whole", async () => {
    stubApi({});
    const user = userEvent.setup();
    renderOnDashboard(<JoinRoomCard />);
    await user.click(idInput());
    await user.paste("ab-12-cd");
    expect(idInput()).toHaveValue("AB12CD");
  });

  it("shows the counter and the hint, and enables Join Room only at exactly 6 characters", async () => {
    stubApi({});
    const user = userEvent.setup();
    renderOnDashboard(<JoinRoomCard />);
    expect(screen.getByText("0/6")).toBeInTheDocument();
    expect(screen.getByText("Letters and numbers only")).toBeInTheDocument();
    expect(joinButton()).toBeDisabled();
    await user.type(idInput(), "ab12c");
    expect(screen.getByText("5/6")).toBeInTheDocument();
    expect(joinButton()).toBeDisabled();
    await user.type(idInput(), "d");
    expect(joinButton()).toBeEnabled();
  });

  it("looks the room up and opens its playground", async () => {
    const seen = stubApi({ "GET /rooms/join/AB12CD": () => ok(room, "Room joined successfully") });
    const user = userEvent.setup();
    renderOnDashboard(<JoinRoomCard />);
    await user.type(idInput(), "ab12cd{Enter}");
    expect(await screen.findByText("Playground page for AB12CD")).toBeInTheDocument();
    expect(seen.map((r) => `${r.method} ${r.path}`)).toContain("GET /rooms/join/AB12CD");
  });

  it("stays on the dashboard when the room does not exist", async () => {
    stubApi({
      "GET /rooms/join/ZZZZZZ": () => ({ status: 404, body: { success: false, code: "room_not_found", message: "Room not found" } }),
    });
    const user = userEvent.setup();
    const { router } = renderOnDashboard(<JoinRoomCard />);
    await user.type(idInput(), "zzzzzz");
    await user.click(joinButton());
    await waitFor(() => expect(joinButton()).toHaveTextContent("Join Room"));
    expect(joinButton()).toBeEnabled();
    expect(router.state.location.pathname).toBe("/dashboard");
  });
});
