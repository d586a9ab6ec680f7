import { describe, expect, it } from "vitest";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { roomNameAdjectives, roomNameNouns } from "../utils/random-room-name";
import { CreateRoomCard } from "./create-room-card";
import { ok, stubApi } from "../../../test/api-stub";
import { renderOnDashboard } from "./rooms-test-harness";

// Plain names for Monaco and legacy clients; the select shows the versioned label.
const languages = [
  { id: 71, name: "Python", label: "Python (3.11)", version: "3.11", monacoId: "python" },
  { id: 63, name: "JavaScript", label: "JavaScript (Node.js 20)", version: "20", monacoId: "javascript" },
];

const nameInput = () => screen.getByLabelText("Room Name");
const languageSelect = () => screen.getByLabelText("Programming Language");
const createButton = () => screen.getByRole("button", { name: /Create Room|Creating Room/ });

describe("CreateRoomCard", () => {
  it("says why when the server offers no language (code cannot run there)", async () => {
    const reason = "Code execution is unavailable: the server was started without root.";
    stubApi({ "GET /rooms/languages": () => ok([], reason) });
    renderOnDashboard(<CreateRoomCard />);
    expect(await screen.findByText(reason)).toBeInTheDocument();
    expect(screen.queryAllByRole("option")).toHaveLength(1);
  });

  it("offers the server's languages under the placeholder \"Choose your language\"", async () => {
    stubApi({ "GET /rooms/languages": () => ok(languages) });
    renderOnDashboard(<CreateRoomCard />);
    expect(await screen.findByRole("option", { name: "Python (3.11)" })).toBeInTheDocument();
    expect(screen.getByRole("option", { name: "Choose your language" })).toBeDisabled();
    expect(languageSelect()).toHaveValue("");
  });

  it("keeps Create Room disabled until there is a non-blank name and a language", async () => {
    stubApi({ "GET /rooms/languages": () => ok(languages) });
    const user = userEvent.setup();
    renderOnDashboard(<CreateRoomCard />);
    await screen.findByRole("option", { name: "Python (3.11)" });
    expect(createButton()).toBeDisabled();
    await user.type(nameInput(), "Team A");
    expect(createButton()).toBeDisabled();
    await user.clear(nameInput());
    await user.type(nameInput(), "   ");
    await user.selectOptions(languageSelect(), "71");
    expect(createButton()).toBeDisabled();
    await user.clear(nameInput());
    await user.type(nameInput(), "Team A");
    expect(createButton()).toBeEnabled();
    await user.clear(nameInput());
    expect(createButton()).toBeDisabled();
  });

  it("fills an adjective-noun name with the Random button", async () => {
    stubApi({ "GET /rooms/languages": () => ok(languages) });
    const user = userEvent.setup();
    renderOnDashboard(<CreateRoomCard />);
    await user.click(screen.getByRole("button", { name: "Random" }));
    const [adjective, noun] = (nameInput() as HTMLInputElement).value.split(" ");
    expect(roomNameAdjectives).toContain(adjective);
    expect(roomNameNouns).toContain(noun);
  });

  it("shows \"Creating Room...\" while creating, then opens the playground and clears the form", async () => {
    let finish: () => void = () => {};
    const seen = stubApi({
      "GET /rooms/languages": () => ok(languages),
      "POST /rooms/create": () =>
        new Promise((resolve) => {
          finish = () => resolve({ status: 201, ...ok({ roomId: "AB12CD" }, "Room created successfully") });
        }),
    });
    const user = userEvent.setup();
    renderOnDashboard(<CreateRoomCard />);
    await screen.findByRole("option", { name: "Python (3.11)" });
    await user.type(nameInput(), "  Quantum Lab ");
    await user.selectOptions(languageSelect(), "71");
    await user.click(createButton());

    expect(await screen.findByRole("button", { name: "Creating Room..." })).toBeDisabled();
    finish();
    expect(await screen.findByText("Playground page for AB12CD")).toBeInTheDocument();
    expect(seen.find((r) => r.method === "POST")?.body).toEqual({
      roomName: "Quantum Lab",
      languageId: 71,
      languageName: "Python",
    });
    await waitFor(() => expect(nameInput()).toHaveValue(""));
    expect(languageSelect()).toHaveValue("");
  });

  it("stays on the dashboard with the form intact when the server refuses (e.g. the Free room limit)", async () => {
    stubApi({
      "GET /rooms/languages": () => ok(languages),
      "POST /rooms/create": () => ({
        status: 403,
        body: { success: false, code: "room_limit_reached", message: "The Free plan lets you own up to 5 rooms." },
      }),
    });
    const user = userEvent.setup();
    const { router } = renderOnDashboard(<CreateRoomCard />);
    await screen.findByRole("option", { name: "Python (3.11)" });
    await user.type(nameInput(), "Sixth");
    await user.selectOptions(languageSelect(), "63");
    await user.click(createButton());
    await waitFor(() => expect(createButton()).toHaveTextContent("Create Room"));
    expect(createButton()).toBeEnabled();
    expect(nameInput()).toHaveValue("Sixth");
    expect(router.state.location.pathname).toBe("/dashboard");
  });
});
