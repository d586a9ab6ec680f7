import { describe, expect, it } from "vitest";
import { render, screen } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { PlaygroundPage } from "./playground-page";

const renderAt = (path: string) =>
  render(
    <RouterProvider
      router={createMemoryRouter(
        [
          { path: "/playground/:roomId?", element: <PlaygroundPage /> },
          { path: "/dashboard", element: <h1>Dashboard</h1> },
        ],
        { initialEntries: [path] },
      )}
    />,
  );

describe("PlaygroundPage", () => {
  it("sends a visit without a room id to the dashboard (spec §4)", async () => {
    renderAt("/playground");
    expect(await screen.findByRole("heading", { name: "Dashboard" })).toBeInTheDocument();
  });

  it("names the room from the route, upper-cased", async () => {
    renderAt("/playground/ab12cd");
    expect(await screen.findByRole("heading", { name: "Room AB12CD" })).toBeInTheDocument();
  });
});
