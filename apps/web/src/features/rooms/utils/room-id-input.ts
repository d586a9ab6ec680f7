import { limits } from "@coderoom/shared/constants/limits";

/** The join box's rule (spec §5): keep letters and digits only, upper-case them, at most 6. */
export function normalizeRoomIdInput(raw: string): string {
  return raw
    .replace(/[^A-Za-z0-9]/g, "")
    .toUpperCase()
    .slice(0, limits.roomIdLength);
}

/** True when the input is a complete room ID (Join Room is enabled only then). */
export const isCompleteRoomId = (value: string): boolean => /^[A-Z0-9]{6}$/.test(value);
