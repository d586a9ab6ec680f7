import { describe, expect, it } from "vitest";
import { render, screen } from "@testing-library/react";
import { playgroundMessages } from "@coderoom/shared/messages";
import type { TRunResult } from "@coderoom/shared/schemas/run";
import { TerminalPanel } from "./terminal-panel.tsx";

const result = (overrides: Partial<TRunResult>): TRunResult => ({
  status: { id: 3, description: "Accepted" },
  stdout: null,
  stderr: null,
  compile_output: null,
  time: 15,
  memory: 1024,
  exit_code: 0,
  ...overrides,
});

describe("TerminalPanel (spec §2)", () => {
  it("shows the placeholder before any run", () => {
    render(<TerminalPanel result={null} run={null} />);
    expect(screen.getByText(playgroundMessages.terminalPlaceholder)).toBeInTheDocument();
  });

  it("prints status, output lines without blank ones, and the time for status 3", () => {
    render(<TerminalPanel result={result({ stdout: "one\n\n  \ntwo\n" })} run={null} />);
    expect(screen.getByTestId("terminal-status")).toHaveTextContent("Accepted");
    expect(screen.getByText("one")).toBeInTheDocument();
    expect(screen.getByText("two")).toBeInTheDocument();
    expect(screen.getByRole("log").querySelectorAll("p")).toHaveLength(4);
    expect(screen.getByText("CPU time: 15 ms")).toBeInTheDocument();
  });

  it("shows other statuses in the error style with compile output and stderr, and no time", () => {
    render(
      <TerminalPanel
        result={result({ status: { id: 6, description: "Compilation Error" }, compile_output: "main.c:1: error", stderr: "boom" })}
        run={null}
      />,
    );
    expect(screen.getByTestId("terminal-status")).toHaveClass("text-red-400");
    expect(screen.getByText("main.c:1: error")).toBeInTheDocument();
    expect(screen.getByText("boom")).toBeInTheDocument();
    expect(screen.queryByText(/Time:/)).not.toBeInTheDocument();
  });

  it("streams a live run's output with who started it", () => {
    render(
      <TerminalPanel
        result={result({ stdout: "old" })}
        run={{ runId: "r1", by: { id: "u2", name: "Alan" }, state: "running", position: null, output: [{ stream: "stdout", data: "tick 1\n" }, { stream: "stderr", data: "warn\n" }] }}
      />,
    );
    expect(screen.getByText("Running...")).toBeInTheDocument();
    expect(screen.getByText(/started by Alan/)).toBeInTheDocument();
    expect(screen.getByText("warn", { exact: false })).toHaveClass("text-red-400");
    expect(screen.queryByText("old")).not.toBeInTheDocument();
  });

  it("offers the assistant's fix only for a failed run", () => {
    const onFix = () => undefined;
    const { rerender } = render(<TerminalPanel result={result({ stdout: "ok" })} run={null} onFix={onFix} />);
    expect(screen.queryByRole("button", { name: "Fix with the assistant" })).not.toBeInTheDocument();
    rerender(<TerminalPanel result={result({ status: { id: 11, description: "Runtime Error (NZEC)" } })} run={null} onFix={onFix} />);
    expect(screen.getByRole("button", { name: "Fix with the assistant" })).toBeInTheDocument();
    // A run its user stopped has nothing to fix.
    rerender(<TerminalPanel result={result({ status: { id: 12, description: "Cancelled" } })} run={null} onFix={onFix} />);
    expect(screen.getByTestId("terminal-status")).toHaveTextContent("Cancelled");
    expect(screen.queryByRole("button", { name: "Fix with the assistant" })).not.toBeInTheDocument();
  });

  it("heads a Python syntax error Syntax Error, with the trace below", () => {
    const stderr = '  File "main.py", line 1\n    print(\n         ^\nSyntaxError: \'(\' was never closed';
    render(<TerminalPanel result={result({ status: { id: 11, description: "Runtime Error (NZEC)" }, stderr })} run={null} />);
    expect(screen.getByTestId("terminal-status")).toHaveTextContent("Syntax Error");
    expect(screen.getByText("SyntaxError: '(' was never closed")).toBeInTheDocument();
  });
});
