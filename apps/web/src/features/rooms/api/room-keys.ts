/** TanStack Query keys of the rooms feature; mutations invalidate `userRooms`. */
export const roomKeys = {
  userRooms: ["rooms", "user-rooms"] as const,
};
