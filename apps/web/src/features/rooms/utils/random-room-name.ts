/** The Random button's word lists (spec §2): 20 adjectives × 20 nouns = 400 names. */
export const roomNameAdjectives = [
  "Epic", "Swift", "Quantum", "Cosmic", "Agile", "Brave", "Clever", "Dynamic", "Electric", "Fearless",
  "Galactic", "Hyper", "Infinite", "Lunar", "Mighty", "Neon", "Pixel", "Rapid", "Stellar", "Turbo",
] as const;

export const roomNameNouns = [
  "Coders", "Squad", "Lab", "Hackers", "Builders", "Crew", "Devs", "Forge", "Guild", "Hub",
  "Makers", "Ninjas", "Pioneers", "Studio", "Syndicate", "Team", "Tribe", "Wizards", "Workshop", "Collective",
] as const;

const pick = <T>(list: readonly T[], random: () => number): T => list[Math.floor(random() * list.length)]!;

/** A random "Adjective Noun" room name; `random` is injectable so tests can fix it. */
export function randomRoomName(random: () => number = Math.random): string {
  return `${pick(roomNameAdjectives, random)} ${pick(roomNameNouns, random)}`;
}
