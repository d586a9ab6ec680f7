import { InfoPage } from "../components/info-page.tsx";

const sections = [
  {
    title: "Cookies we set",
    body: (
      <ul>
        <li>
          <code>coderoom_session</code>: keeps you logged in. It holds a random token, cannot be read by scripts, and is
          removed at logout.
        </li>
        <li>
          <code>coderoom_signed_in</code>: says only that a session exists, so the site does not ask for a profile
          when you are not logged in. It holds no personal data and goes away with the session.
        </li>
      </ul>
    ),
  },
  {
    title: "Stored in your browser",
    body: (
      <ul>
        <li>Your theme choice (light or dark), under <code>site-theme</code>.</li>
        <li>For the open tab only: your login state and the room you are in, cleared when the tab closes.</li>
      </ul>
    ),
  },
  {
    title: "What we do not use",
    body: <p>No advertising cookies, no analytics and no tracking across sites.</p>,
  },
];

/** /cookies: every cookie and storage key the app uses. */
export function CookiesPage() {
  return <InfoPage eyebrow="Legal" title="Cookies" intro="CodeRoom uses only what it needs to work." sections={sections} />;
}
