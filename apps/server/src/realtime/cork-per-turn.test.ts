import { Duplex } from "node:stream";
import { expect, it } from "vitest";
import { corkPerTurn } from "./cork-per-turn";

/** A real stream that records each syscall-like write: how many chunks left together. */
function recordingSocket() {
  const writes: string[][] = [];
  const stream = new Duplex({
    read() {},
    writev(chunks, done) {
      writes.push(chunks.map((c) => String(c.chunk)));
      done();
    },
    write(chunk, _enc, done) {
      writes.push([String(chunk)]);
      done();
    },
  });
  const beforeWrite = corkPerTurn(stream);
  return { writes, send: (text: string) => (beforeWrite(), stream.write(text)) };
}

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

it("sends what one turn writes to a connection in one write, at the end of the turn", async () => {
  const a = recordingSocket();
  a.send("1");
  a.send("2");
  a.send("3");
  expect(a.writes).toEqual([]);
  await nextTurn();
  expect(a.writes).toEqual([["1", "2", "3"]]);
});

it("corks each connection on its own: a quiet one adds nothing to a busy one's write", async () => {
  const a = recordingSocket();
  const b = recordingSocket();
  a.send("a1");
  b.send("b1");
  a.send("a2");
  await nextTurn();
  expect(a.writes).toEqual([["a1", "a2"]]);
  expect(b.writes).toEqual([["b1"]]);
  a.send("next turn");
  await nextTurn();
  expect(a.writes).toEqual([["a1", "a2"], ["next turn"]]);
});
