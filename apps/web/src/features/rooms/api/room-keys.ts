/** TanStack Query keys of the rooms feature; mutations invalidate `userRooms`. */
export const roomKeys = {
  languages: ["rooms", "languages"] as const,
  userRooms: ["rooms", "user-rooms"] as const,
};
