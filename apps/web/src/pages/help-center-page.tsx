import { Link } from "react-router";
import { InfoPage } from "../components/info-page.tsx";

const sections = [
  {
    title: "I can't type in a room",
    body: <p>The room is view-only: only its owner can edit unless the owner turns on &quot;Anyone can edit&quot;.</p>,
  },
  {
    title: "Run Code is refused",
    body: (
      <p>
        Each plan has a daily number of runs; the message tells you when you reached it. See{" "}
        <Link to="/pricing">Pricing</Link> for the limits of each plan.
      </p>
    ),
  },
  {
    title: "I forgot my password",
    body: (
      <p>
        Use <Link to="/forgotpassword">Forgot password</Link> on the sign-in page: we e-mail you a link that works once,
        for one hour.
      </p>
    ),
  },
  {
    title: "Where did my guest rooms go?",
    body: <p>Guest accounts and their rooms are deleted after a period without use. Create an account to keep them.</p>,
  },
  {
    title: "Still stuck?",
    body: (
      <p>
        Read the <Link to="/documentation">documentation</Link>, or write to us through the{" "}
        <Link to="/contact">contact form</Link>. We reply within 24 hours.
      </p>
    ),
  },
];

/** /help-center: answers to the common questions. */
export function HelpCenterPage() {
  return <InfoPage eyebrow="Support" title="Help Center" intro="Quick answers to common questions." sections={sections} />;
}
