import { Link } from "react-router";
import { InfoPage } from "../components/info-page.tsx";

const sections = [
  {
    title: "The code sandbox",
    body: (
      <ul>
        <li>Every run starts in a fresh, isolated sandbox under an unprivileged user, with no network access.</li>
        <li>The system files are read-only; the run gets a private scratch space that is thrown away afterwards.</li>
        <li>Time, memory, process count and output size are limited, and nothing is left running after a run.</li>
      </ul>
    ),
  },
  {
    title: "Your account",
    body: (
      <ul>
        <li>Passwords are stored only as slow, salted hashes (scrypt).</li>
        <li>Logins use a random session token in a cookie that scripts cannot read; only its hash is stored.</li>
        <li>Logging out ends the session; changing or resetting your password ends every session.</li>
        <li>Repeated failed logins and reset requests are rate-limited.</li>
        <li>Reset links work once and expire after one hour.</li>
        <li>Profile pictures are checked and re-encoded before they are stored.</li>
      </ul>
    ),
  },
  {
    title: "Payments",
    body: (
      <p>
        Card details are entered with our payment provider and never reach our servers. We check the provider&apos;s
        signature on every payment and take prices from our own records, never from the browser.
      </p>
    ),
  },
  {
    title: "Report a problem",
    body: (
      <p>
        Found a vulnerability? Tell us through the <Link to="/contact">contact form</Link> (start the message with
        &quot;Security&quot;) before making it public, and give us time to fix it. Please do not test against other
        people&apos;s accounts or rooms.
      </p>
    ),
  },
];

/** /security: how the sandbox and accounts are protected, and how to report a problem. */
export function SecurityPage() {
  return <InfoPage eyebrow="Trust" title="Security" intro="How we protect your code and your account." sections={sections} />;
}
