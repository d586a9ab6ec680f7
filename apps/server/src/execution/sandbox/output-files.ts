import { closeSync, fstatSync, openSync, readSync } from "node:fs";
import { StringDecoder } from "node:string_decoder";
import type { OutputChunk } from "../runner";

/** Appended where output was cut, so the user sees that it was. */
export function truncatedMarker(capBytes: number): string {
  return `\n[output truncated: only the first ${Math.round(capBytes / 1024)} KB are shown]\n`;
}

/**
 * The output files are regular files in a directory only the runner can write to (the job
 * sees none of them by path), on local disk or tmpfs: they are read synchronously, which
 * costs the syscalls alone instead of a thread-pool round trip each and their promises.
 */
function openOutput(file: string): number | null {
  try {
    return openSync(file, "r");
  } catch {
    return null;
  }
}

/** Reads at most `capBytes` of a job's output file (a trailing partial UTF-8 character is dropped). */
export async function readCapped(file: string, capBytes: number): Promise<{ text: string; truncated: boolean }> {
  const fd = openOutput(file);
  if (fd === null) return { text: "", truncated: false };
  try {
    const buf = Buffer.allocUnsafe(Math.min(fstatSync(fd).size, capBytes) + 1);
    const bytesRead = readSync(fd, buf, 0, buf.length, 0);
    const truncated = bytesRead > capBytes;
    const text = new StringDecoder("utf8").write(buf.subarray(0, Math.min(bytesRead, capBytes)));
    return { text: truncated ? text + truncatedMarker(capBytes) : text, truncated };
  } finally {
    closeSync(fd);
  }
}

/** Follows a growing output file and hands new text to a listener, up to the cap. */
export class OutputTail {
  private offset = 0;
  private readonly decoder = new StringDecoder("utf8");
  /** Reused by every poll (polls never overlap). */
  private readonly buf = Buffer.alloc(16 * 1024);
  private done = false;
  private last: Promise<void> = Promise.resolve();

  constructor(
    private readonly file: string,
    private readonly stream: OutputChunk["stream"],
    private readonly capBytes: number,
    private readonly emit: (chunk: OutputChunk) => void,
  ) {}

  /** Reads whatever was written since the last call (up to the cap, then the marker once); calls never overlap. */
  poll(): Promise<void> {
    this.last = this.last.catch(() => undefined).then(() => this.readNew());
    return this.last;
  }

  private async readNew(): Promise<void> {
    if (this.done) return;
    const fd = openOutput(this.file);
    if (fd === null) return;
    try {
      const { buf } = this;
      while (!this.done) {
        const want = Math.min(buf.length, this.capBytes + 1 - this.offset);
        const bytesRead = readSync(fd, buf, 0, want, this.offset);
        if (bytesRead === 0) return;
        const room = Math.max(0, this.capBytes - this.offset);
        const text = this.decoder.write(buf.subarray(0, Math.min(bytesRead, room)));
        this.offset += bytesRead;
        this.done = this.offset > this.capBytes;
        const data = this.done ? text + truncatedMarker(this.capBytes) : text;
        if (data) this.emit({ stream: this.stream, data });
      }
    } finally {
      closeSync(fd);
    }
  }
}
