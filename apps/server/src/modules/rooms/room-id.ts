import { randomInt } from "node:crypto";
import { limits } from "@coderoom/shared/constants/limits";

const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";

/** Produces a candidate room ID; the database's primary key decides whether it is free. */
export type RoomIdGenerator = () => string;

/** A random room ID: 6 characters of A-Z/0-9 from the CSPRNG (36^6 ≈ 2.2 billion IDs). */
export const generateRoomId: RoomIdGenerator = () => {
  let id = "";
  for (let i = 0; i < limits.roomIdLength; i += 1) id += ALPHABET[randomInt(ALPHABET.length)];
  return id;
};
