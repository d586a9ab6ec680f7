import fs from "node:fs/promises";
import { StringDecoder } from "node:string_decoder";
import type { OutputChunk } from "../runner";

/** Appended where output was cut, so the user sees that it was. */
export function truncatedMarker(capBytes: number): string {
  return `\n[output truncated: only the first ${Math.round(capBytes / 1024)} KB are shown]\n`;
}

/** Reads at most `capBytes` of a job's output file (a trailing partial UTF-8 character is dropped). */
export async function readCapped(file: string, capBytes: number): Promise<{ text: string; truncated: boolean }> {
  const handle = await fs.open(file, "r").catch(() => null);
  if (!handle) return { text: "", truncated: false };
  try {
    const buf = Buffer.alloc(capBytes + 1);
    const { bytesRead } = await handle.read(buf, 0, capBytes + 1, 0);
    const truncated = bytesRead > capBytes;
    const text = new StringDecoder("utf8").write(buf.subarray(0, Math.min(bytesRead, capBytes)));
    return { text: truncated ? text + truncatedMarker(capBytes) : text, truncated };
  } finally {
    await handle.close();
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
    const handle = await fs.open(this.file, "r").catch(() => null);
    if (!handle) return;
    try {
      const { buf } = this;
      while (!this.done) {
        const want = Math.min(buf.length, this.capBytes + 1 - this.offset);
        const { bytesRead } = await handle.read(buf, 0, want, this.offset);
        if (bytesRead === 0) return;
        const room = Math.max(0, this.capBytes - this.offset);
        const text = this.decoder.write(buf.subarray(0, Math.min(bytesRead, room)));
        this.offset += bytesRead;
        this.done = this.offset > this.capBytes;
        const data = this.done ? text + truncatedMarker(this.capBytes) : text;
        if (data) this.emit({ stream: this.stream, data });
      }
    } finally {
      await handle.close();
    }
  }
}
