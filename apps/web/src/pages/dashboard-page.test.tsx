import { afterEach, describe, expect, it, vi } from "vitest";
import { act, screen, waitFor } from "@testing-library/react";
import toast from "react-hot-toast";
import { DashboardPage } from "./dashboard-page.tsx";
import { ok, stubApi } from "../test/api-stub";
import { logIn } from "../test/factories";
import { renderPage } from "../test/render.tsx";
import { roomKeys } from "../features/rooms/api/room-keys";
import { renderOnDashboard } from "../features/rooms/components/rooms-test-harness.tsx";

const routes = (extra: Record<string, unknown> = {}) => ({
  "GET /users/rooms": ok({ rooms: [] }, "Rooms fetched successfully"),
  "GET /rooms/languages": ok([]),
  "GET /users/guest-policy": ok({ idleDays: 7 }),
  ...extra,
});

describe("dashboard page", () => {
  afterEach(() => vi.restoreAllMocks());

  it("greets a guest without \"Welcome back\" and warns that guest rooms expire after the server's idle days", async () => {
    stubApi(routes());
    logIn({ role: "GUEST", fullName: "Guest Swift Otter 4821", rooms: [] });
    renderPage(<DashboardPage />, { path: "/dashboard" });
    expect(screen.getByRole("heading", { level: 1, name: "Welcome to CodeRoom" })).toBeInTheDocument();
    expect(screen.queryByText(/Welcome back/)).not.toBeInTheDocument();
    expect(await screen.findByText(/deleted with its rooms after 7 days without use/)).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Create an account" })).toHaveAttribute("href", "/create-account");
  });

  it("says \"Welcome\" to a new user and \"Welcome back\" to one with rooms, without the guest notice", () => {
    stubApi(routes());
    logIn({ fullName: "Ada Lovelace", rooms: [] });
    const { unmount } = renderPage(<DashboardPage />, { path: "/dashboard" });
    expect(screen.getByRole("heading", { level: 1, name: "Welcome, Ada" })).toBeInTheDocument();
    expect(screen.queryByRole("complementary", { name: "Guest account" })).not.toBeInTheDocument();
    unmount();
    logIn({ fullName: "Ada Lovelace", rooms: ["ABC123"] });
    renderPage(<DashboardPage />, { path: "/dashboard" });
    expect(screen.getByRole("heading", { level: 1, name: "Welcome back, Ada" })).toBeInTheDocument();
  });

  it("folds the create and join forms behind one button on small screens, room list after it", async () => {
    stubApi(routes());
    logIn();
    const { user } = renderPage(<DashboardPage />, { path: "/dashboard" });
    const toggle = screen.getByRole("button", { name: "Create or join a room" });
    const forms = document.getElementById("room-forms")!;
    expect(toggle).toHaveAttribute("aria-expanded", "false");
    // Hidden below md only: from md up the grid shows regardless.
    expect(forms).toHaveClass("hidden", "md:grid");
    await user.click(toggle);
    expect(toggle).toHaveAttribute("aria-expanded", "true");
    expect(forms).not.toHaveClass("hidden");
    expect(screen.getByRole("heading", { name: "Your Coding Rooms" })).toBeInTheDocument();
  });

  it("opens the folded forms on small screens for someone without rooms: their first step is to create or join one", () => {
    stubApi(routes());
    logIn({ rooms: [] });
    renderPage(<DashboardPage />, { path: "/dashboard" });
    expect(screen.getByRole("button", { name: "Create or join a room" })).toHaveAttribute("aria-expanded", "true");
    expect(document.getElementById("room-forms")).not.toHaveClass("hidden");
  });

  it("toasts the room list's first load, but not a background refresh of it", async () => {
    stubApi(routes());
    logIn();
    const loading = vi.spyOn(toast, "loading");
    const { queryClient: client } = renderOnDashboard(<DashboardPage />);
    expect(await screen.findByText("No rooms yet")).toBeInTheDocument();
    expect(loading.mock.calls.map((c) => c[0])).toEqual(["Getting rooms..."]);
    // A change elsewhere (create, delete...) invalidates the list: it reloads quietly.
    await act(() => client.invalidateQueries({ queryKey: roomKeys.userRooms }));
    await waitFor(() => expect(client.getQueryState(roomKeys.userRooms)?.dataUpdateCount).toBe(2));
    expect(loading).toHaveBeenCalledTimes(1);
  });
});
