import type { Agent } from "./agent";
import type { TestContext } from "./test-app";
import type { CatalogLanguage } from "../src/execution/language-catalog";

/** The first language the test app's catalog offers (whatever toolchains this machine has). */
export function testLanguage(ctx: TestContext): CatalogLanguage {
  const language = ctx.deps.languages.list()[0];
  if (!language) throw new Error("the execution backend offers no language on this machine");
  return language;
}

/** Creates a room in the first offered language through the API; returns its ID (throws on any other answer). */
export async function createRoomAs(agent: Agent, roomName = "Test Room"): Promise<string> {
  const languageId = (await agent.get("/rooms/languages")).body.data[0].id as number;
  const res = await agent.post("/rooms/create", { roomName, languageId, languageName: "ignored" });
  if (res.status !== 201) throw new Error(`create failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data.roomId as string;
}

/** The room IDs of the user's dashboard list, in the order the API returns them. */
export async function listedRoomIds(agent: Agent): Promise<string[]> {
  const res = await agent.get("/users/rooms");
  if (res.status !== 200) throw new Error(`list failed: ${res.status} ${JSON.stringify(res.body)}`);
  return (res.body.data.rooms as { roomId: string }[]).map((r) => r.roomId);
}
