import type { TRoomSummary } from "@coderoom/shared/schemas/rooms";

export type TRoomFilter = "all" | "public" | "private";
export type TRoomSort = "recent" | "oldest" | "name" | "language";

/** Labels of the filter and sort selects, in menu order (spec §2). */
export const filterLabels: Record<TRoomFilter, string> = { all: "All Rooms", public: "Public Rooms", private: "Private Rooms" };
export const sortLabels: Record<TRoomSort, string> = {
  recent: "Most Recent",
  oldest: "Oldest First",
  name: "Name A-Z",
  language: "Language",
};

type TListed = Pick<TRoomSummary, "roomId" | "roomName" | "anyoneCanEdit" | "createdAt" | "updatedAt"> & {
  language: { name: string };
};

export interface TRoomListView {
  search: string;
  filter: TRoomFilter;
  sort: TRoomSort;
}

const byText = (a: string, b: string) => a.localeCompare(b, undefined, { sensitivity: "base", numeric: true });
// Missing or unreadable times sort as the oldest possible.
const time = (iso: string | null | undefined) => {
  const t = iso ? Date.parse(iso) : Number.NaN;
  return Number.isNaN(t) ? Number.NEGATIVE_INFINITY : t;
};

const comparators: Record<TRoomSort, (a: TListed, b: TListed) => number> = {
  recent: (a, b) => time(b.updatedAt) - time(a.updatedAt),
  oldest: (a, b) => time(a.createdAt) - time(b.createdAt),
  name: (a, b) => byText(a.roomName, b.roomName),
  language: (a, b) => byText(a.language.name, b.language.name) || byText(a.roomName, b.roomName),
};

/** True when the room's name, ID or language contains the search text (case-insensitive). */
export function matchesSearch(room: TListed, search: string): boolean {
  const needle = search.trim().toLowerCase();
  if (!needle) return true;
  return [room.roomName, room.roomId, room.language.name].some((field) => field.toLowerCase().includes(needle));
}

/** The rooms to show: searched, filtered by access, then sorted (ties broken by ID so the order is stable). */
export function applyRoomListView<T extends TListed>(rooms: readonly T[], view: TRoomListView): T[] {
  const compare = comparators[view.sort];
  return rooms
    .filter((r) => matchesSearch(r, view.search))
    .filter((r) => view.filter === "all" || r.anyoneCanEdit === (view.filter === "public"))
    .sort((a, b) => {
      const primary = compare(a, b);
      return primary === 0 || Number.isNaN(primary) ? a.roomId.localeCompare(b.roomId) : primary;
    });
}

/** The badge counts above the list: total, public, private and distinct languages. */
export function roomStats(rooms: readonly TListed[]) {
  const publicCount = rooms.filter((r) => r.anyoneCanEdit).length;
  return {
    total: rooms.length,
    public: publicCount,
    private: rooms.length - publicCount,
    languages: new Set(rooms.map((r) => r.language.name)).size,
  };
}

/** True when a search or a filter narrows the list (picks the empty state to show). */
export const isNarrowed = (view: TRoomListView): boolean => view.search.trim() !== "" || view.filter !== "all";

/** The "Showing n room(s)" line with the search text and the sort. */
export function describeRoomList(count: number, view: TRoomListView): string {
  const rooms = `Showing ${count} ${count === 1 ? "room" : "rooms"}`;
  const search = view.search.trim() ? ` matching "${view.search.trim()}"` : "";
  return `${rooms}${search} · Sorted by ${sortLabels[view.sort]}`;
}
