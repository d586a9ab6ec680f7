import { useMemo, useState } from "react";
import type { TRoomSummary } from "@coderoom/shared/schemas/rooms";
import { applyRoomListView, type TRoomFilter, type TRoomListView, type TRoomSort } from "../utils/room-list-filter";

/** Search, filter and sort state of the room list, and the rooms they leave visible. */
export function useRoomListView(rooms: readonly TRoomSummary[]) {
  const [search, setSearch] = useState("");
  const [filter, setFilter] = useState<TRoomFilter>("all");
  const [sort, setSort] = useState<TRoomSort>("recent");
  const view: TRoomListView = useMemo(() => ({ search, filter, sort }), [search, filter, sort]);
  const visible = useMemo(() => applyRoomListView(rooms, view), [rooms, view]);
  return { view, visible, setSearch, setFilter, setSort };
}
