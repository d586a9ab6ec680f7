import { describe, expect, it } from "vitest";
import { applyRoomListView, describeRoomList, isNarrowed, roomStats, type TRoomListView } from "./room-list-filter";

const room = (roomId: string, roomName: string, language: string, anyoneCanEdit: boolean, createdAt: string, updatedAt: string) => ({
  roomId,
  roomName,
  language: { name: language },
  anyoneCanEdit,
  createdAt,
  updatedAt,
});

const rooms = [
  room("AAA111", "beta squad", "Python (3.11)", true, "2025-01-02T00:00:00Z", "2025-01-09T00:00:00Z"),
  room("BBB222", "Alpha Lab", "JavaScript (Node.js 20)", false, "2025-01-01T00:00:00Z", "2025-01-05T00:00:00Z"),
  room("CCC333", "Gamma Crew", "Python (3.11)", false, "2025-01-03T00:00:00Z", "2025-01-10T00:00:00Z"),
  room("PY0001", "Delta", "Bash (5.2)", true, "2025-01-04T00:00:00Z", "2025-01-04T00:00:00Z"),
];

const view = (v: Partial<TRoomListView> = {}): TRoomListView => ({ search: "", filter: "all", sort: "recent", ...v });
const ids = (v: Partial<TRoomListView>) => applyRoomListView(rooms, view(v)).map((r) => r.roomId);

describe("applyRoomListView", () => {
  it("sorts Most Recent by updatedAt, newest first (the default)", () => {
    expect(ids({})).toEqual(["CCC333", "AAA111", "BBB222", "PY0001"]);
  });

  it("sorts Oldest First by createdAt", () => {
    expect(ids({ sort: "oldest" })).toEqual(["BBB222", "AAA111", "CCC333", "PY0001"]);
  });

  it("sorts Name A-Z ignoring case", () => {
    expect(ids({ sort: "name" })).toEqual(["BBB222", "AAA111", "PY0001", "CCC333"]);
  });

  it("sorts by Language, then by name", () => {
    expect(ids({ sort: "language" })).toEqual(["PY0001", "BBB222", "AAA111", "CCC333"]);
  });

  it("searches name, ID and language case-insensitively", () => {
    expect(ids({ search: "SQUAD" })).toEqual(["AAA111"]);
    expect(ids({ search: "bbb2" })).toEqual(["BBB222"]);
    expect(ids({ search: "py", sort: "name" })).toEqual(["AAA111", "PY0001", "CCC333"]);
    expect(ids({ search: "  node.js " })).toEqual(["BBB222"]);
    expect(ids({ search: "nothing like it" })).toEqual([]);
  });

  it("filters Public (anyoneCanEdit) and Private rooms", () => {
    expect(ids({ filter: "public" })).toEqual(["AAA111", "PY0001"]);
    expect(ids({ filter: "private" })).toEqual(["CCC333", "BBB222"]);
  });

  it("combines search, filter and sort", () => {
    expect(ids({ search: "python", filter: "private", sort: "name" })).toEqual(["CCC333"]);
  });

  it("puts rooms with a missing date last and keeps ties in ID order", () => {
    const odd = [room("ZZZ999", "z", "x", false, "", ""), room("MMM555", "m", "x", false, "", "")];
    expect(applyRoomListView([...odd, ...rooms], view()).map((r) => r.roomId).slice(-2)).toEqual(["MMM555", "ZZZ999"]);
  });

  it("does not reorder the list it was given", () => {
    const copy = [...rooms];
    applyRoomListView(rooms, view({ sort: "name" }));
    expect(rooms).toEqual(copy);
  });
});

describe("roomStats", () => {
  it("counts total, public, private and distinct languages", () => {
    expect(roomStats(rooms)).toEqual({ total: 4, public: 2, private: 2, languages: 3 });
    expect(roomStats([])).toEqual({ total: 0, public: 0, private: 0, languages: 0 });
  });
});

describe("describeRoomList", () => {
  it("says how many rooms show, the search text and the sort", () => {
    expect(describeRoomList(1, view())).toBe("Showing 1 room · Sorted by Most Recent");
    expect(describeRoomList(3, view({ search: " py ", sort: "language" }))).toBe('Showing 3 rooms matching "py" · Sorted by Language');
  });
});

describe("isNarrowed", () => {
  it("is true only when a search or filter is active", () => {
    expect(isNarrowed(view())).toBe(false);
    expect(isNarrowed(view({ search: " " }))).toBe(false);
    expect(isNarrowed(view({ search: "x" }))).toBe(true);
    expect(isNarrowed(view({ filter: "private" }))).toBe(true);
    expect(isNarrowed(view({ sort: "name" }))).toBe(false);
  });
});
