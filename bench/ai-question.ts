// What every asker of the AI bench sends, about which code: shared by the server child
// (which seeds the rooms with the code) and the bench (which asks it, and sends the
// direct baseline the same prompt the server builds for it).
export const roomCode = Array.from({ length: 400 }, (_, i) => `def f${i}(x):\n    return x + ${i}\n`).join("\n");
export const roomLanguage = "Python";
export const benchAsk = { action: "explain" as const, selection: { startLine: 10, startColumn: 1, endLine: 12, endColumn: 1 } };
