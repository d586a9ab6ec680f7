import { describe, expect, it } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import { executionSetupMessages } from "@coderoom/shared/messages";
import userEvent from "@testing-library/user-event";
import { roomNameAdjectives, roomNameNouns } from "../utils/random-room-name";
import { CreateRoomCard } from "./create-room-card.tsx";
import { ok, stubApi } from "../../../test/api-stub";
import { logIn } from "../../../test/factories";
import { renderOnDashboard } from "./rooms-test-harness.tsx";

// Plain names for Monaco and legacy clients; the select shows the versioned label.
const languages = [
  { id: 71, name: "Python", label: "Python (3.11)", version: "3.11", monacoId: "python" },
  { id: 63, name: "JavaScript", label: "JavaScript (Node.js 20)", version: "20", monacoId: "javascript" },
];

const nameInput = () => screen.getByLabelText("Room Name");
const languageSelect = () => screen.getByLabelText("Programming Language");
const createButton = () => screen.getByRole("button", { name: /Create Room|Creating Room/ });

describe("CreateRoomCard", () => {
  it("tells a user briefly that code cannot run when the server offers no language", async () => {
    const reason = "Code execution is unavailable: the server was started without root.";
    logIn({ role: "CODER" });
    const calls = stubApi({ "GET /rooms/languages": () => ok([], reason) });
    renderOnDashboard(<CreateRoomCard />);
    expect(await screen.findByText(executionSetupMessages.unavailable)).toBeInTheDocument();
    expect(screen.queryByText(reason)).not.toBeInTheDocument();
    expect(screen.queryAllByRole("option")).toHaveLength(1);
    expect(calls.map((c) => c.path)).not.toContain("/execution/setup");
  });

  it("shows an admin why, and the exact commands to run on the server", async () => {
    const reason = "Code execution is unavailable: bubblewrap is not installed on the server (sudo apt-get install bubblewrap).";
    logIn({ role: "ADMIN" });
    const commands = ["sudo npm run languages -- install all", "sudo npm start"];
    stubApi({
      "GET /rooms/languages": () => ok([], reason),
      "GET /execution/setup": () => ok({ reason, offered: 0, known: 35, missing: ["Python", "Java"], commands }),
    });
    renderOnDashboard(<CreateRoomCard />);
    const hint = await screen.findByRole("region", { name: "Code execution set-up" });
    expect(within(hint).getByText(reason)).toBeInTheDocument();
    expect(within(hint).getByText("Not installed: Python, Java.")).toBeInTheDocument();
    expect(hint.querySelector("code")?.textContent).toBe(commands.join("\n"));
  });

  it("shows an admin which languages are missing while others run", async () => {
    logIn({ role: "ADMIN" });
    stubApi({
      "GET /rooms/languages": () => ok(languages),
      "GET /execution/setup": () => ok({ reason: null, offered: 2, known: 35, missing: ["Java"], commands: ["sudo npm run languages -- install java", "sudo npm start"] }),
    });
    renderOnDashboard(<CreateRoomCard />);
    const hint = await screen.findByRole("region", { name: "Code execution set-up" });
    expect(within(hint).getByText("2 of 35 languages can run on this server.")).toBeInTheDocument();
    expect(hint.querySelector("code")?.textContent).toBe("sudo npm run languages -- install java\nsudo npm start");
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
