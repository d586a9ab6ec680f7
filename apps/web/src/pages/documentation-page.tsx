import { Link } from "react-router";
import { plans } from "@coderoom/shared/constants/plans";
import { limits } from "@coderoom/shared/constants/limits";
import { InfoPage } from "../components/info-page.tsx";
import { useLanguages } from "../lib/languages";
import { useGuestIdleDays } from "../features/auth/api/guest-api";

const allowance = (n: number | null, unit: string) => (n === null ? `unlimited ${unit}` : `${n} ${unit}`);

/** The languages this server can run now, from GET /rooms/languages. */
function LanguageList() {
  const { data, isError } = useLanguages();
  if (isError) return <p>The language list could not be loaded; the dashboard shows it when you create a room.</p>;
  if (!data) return <p>Loading the language list…</p>;
  if (data.length === 0) return <p>This server cannot run code at the moment, so no language is offered.</p>;
  return <p>This server runs: {data.map((l) => (l.version ? `${l.label} (${l.version})` : l.label)).join(", ")}.</p>;
}

/** /documentation: how rooms, runs and plans work. */
export function DocumentationPage() {
  const idleDays = useGuestIdleDays();
  const sections = [
    {
      title: "Rooms",
      body: (
        <>
          <p>
            A room is one shared file in one language. Create it on your <Link to="/dashboard">dashboard</Link> with a
            name and a language; it gets a 6-character ID such as <code>K7Q2XZ</code>. Anyone logged in can join with
            that ID or with the room link, and the room then appears on their dashboard too.
          </p>
          <ul>
            <li>Everyone in the room sees edits live, who is present and who is typing.</li>
            <li>Only the owner may edit unless the owner turns on &quot;Anyone can edit&quot; in the room settings.</li>
            <li>The owner can rename the room, remove people from it, save its code and delete it.</li>
            <li>Deleting a room you joined only removes it from your own list.</li>
          </ul>
        </>
      ),
    },
    {
      title: "Running code",
      body: (
        <>
          <LanguageList />
          <p>
            Press Run Code to run the room&apos;s file; turn on User Input to give it standard input (one value per
            line). Everyone in the room sees the output in the shared terminal, with the run time when it succeeds.
            Code runs in an isolated sandbox with no network and limits on time and memory. A file can be up to{" "}
            {limits.codeMaxBytes / 1024} KB and its input up to {limits.stdinMaxBytes / 1024} KB.
          </p>
        </>
      ),
    },
    {
      title: "Plans",
      body: (
        <ul>
          {Object.values(plans).map((p) => (
            <li key={p.id}>
              <strong>{p.name}</strong> ({p.price === 0 ? "free" : `₹${p.price} a month`}):{" "}
              {p.maxRooms === null ? "unlimited rooms" : `up to ${p.maxRooms} rooms`}, {allowance(p.runsPerDay, "runs")} and{" "}
              {allowance(p.aiPerDay, "AI questions")} a day.
            </li>
          ))}
        </ul>
      ),
    },
    {
      title: "Guest accounts",
      body: (
        <p>
          Continue as Guest on the sign-in page to try CodeRoom without an e-mail address. A guest account and its rooms
          are deleted after {idleDays === undefined ? "some" : idleDays} days without use; use &quot;Create an
          account&quot; on the dashboard to keep them.
        </p>
      ),
    },
    {
      title: "For developers",
      body: (
        <p>
          The REST API is described by its OpenAPI document at <a href="/api/docs">/api/docs</a>.
        </p>
      ),
    },
  ];
  return <InfoPage eyebrow="Docs" title="Documentation" intro="How rooms, code runs and plans work." sections={sections} />;
}
