import { describe, expect, it, vi } from "vitest";
import { render, screen, waitFor } from "@testing-library/react";
import { AppToaster } from "../app/toaster.tsx";
import { api, ApiError } from "./http";
import { deferred, fail, ok, stubApi } from "../test/api-stub";

describe("api client", () => {
  it("shows the loading text, then the server's message as a success toast", async () => {
    render(<AppToaster />);
    const gate = deferred();
    stubApi({
      "POST /things": async () => {
        await gate.promise;
        return ok({ id: 1 }, "Thing created");
      },
    });
    const done = api<{ id: number }>("/things", { method: "POST", body: { a: 1 }, loading: "Creating thing..." });
    expect(await screen.findByText("Creating thing...")).toBeInTheDocument();
    gate.resolve();
    await expect(done).resolves.toMatchObject({ success: true, data: { id: 1 } });
    expect(await screen.findByText("Thing created")).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText("Creating thing...")).not.toBeInTheDocument());
  });

  it("shows the server's error message, or 'An error occurred' when there is none", async () => {
    render(<AppToaster />);
    stubApi({ "GET /a": fail(400, "Room not found"), "GET /b": { status: 500, body: {} } });
    await expect(api("/a")).rejects.toBeInstanceOf(ApiError);
    expect(await screen.findByText("Room not found")).toBeInTheDocument();
    await expect(api("/b")).rejects.toMatchObject({ status: 500, message: "An error occurred" });
    expect(await screen.findByText("An error occurred")).toBeInTheDocument();
  });

  it("reports a network failure as 'An unexpected error occurred'", async () => {
    render(<AppToaster />);
    vi.stubGlobal("fetch", () => Promise.reject(new TypeError("Failed to fetch")));
    await expect(api("/x")).rejects.toMatchObject({ status: 0, code: "network_error" });
    expect(await screen.findByText("An unexpected error occurred")).toBeInTheDocument();
  });

  it("sends JSON with a content type and FormData as multipart", async () => {
    const calls = stubApi({ "POST /json": ok(), "POST /form": ok() });
    await api("/json", { method: "POST", body: { x: 1 } });
    const form = new FormData();
    form.append("avatar", new File(["x"], "a.png", { type: "image/png" }));
    await api("/form", { method: "POST", body: form });
    expect(calls[0]!.body).toEqual({ x: 1 });
    expect(calls[1]!.body).toBeInstanceOf(FormData);
    const init = (fetch as unknown as { mock: { calls: [string, RequestInit][] } }).mock.calls;
    expect(init[0]![1].headers).toEqual({ "content-type": "application/json" });
    expect(init[1]![1].headers).toBeUndefined();
    expect(init[0]![1].credentials).toBe("include");
  });
});
