import { Search } from "lucide-react";
import { inputClasses } from "../../../components/ui/text-field.tsx";
import { filterLabels, sortLabels, type TRoomFilter, type TRoomListView, type TRoomSort } from "../utils/room-list-filter";

interface RoomListToolbarProps {
  view: TRoomListView;
  onSearch: (value: string) => void;
  onFilter: (value: TRoomFilter) => void;
  onSort: (value: TRoomSort) => void;
}

/** Search box, access filter and sort order of the room list. */
export function RoomListToolbar({ view, onSearch, onFilter, onSort }: RoomListToolbarProps) {
  return (
    <div className="flex flex-col gap-3 md:flex-row md:items-center">
      <div className="relative flex-1">
        <Search className="pointer-events-none absolute inset-y-0 left-3 my-auto size-4 text-slate-400" aria-hidden />
        <input
          type="search"
          aria-label="Search rooms"
          placeholder="Search rooms by name, ID, or language..."
          value={view.search}
          onChange={(e) => onSearch(e.target.value)}
          className={inputClasses(false, "pl-9")}
        />
      </div>
      <div className="grid grid-cols-2 gap-3 md:flex">
        <select
          aria-label="Filter rooms"
          value={view.filter}
          onChange={(e) => onFilter(e.target.value as TRoomFilter)}
          className={inputClasses(false, "md:w-40")}
        >
          {Object.entries(filterLabels).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
        <select
          aria-label="Sort rooms"
          value={view.sort}
          onChange={(e) => onSort(e.target.value as TRoomSort)}
          className={inputClasses(false, "md:w-40")}
        >
          {Object.entries(sortLabels).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}
