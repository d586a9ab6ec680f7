import { Link } from "react-router";
import { InfoPage } from "../components/info-page.tsx";

const sections = [
  {
    title: "Using CodeRoom",
    body: (
      <p>
        You may use CodeRoom to write, run and discuss code with others. Do not use it to attack other systems, to run
        code meant to break out of the sandbox, or to share content you have no right to share. We may suspend accounts
        that do.
      </p>
    ),
  },
  {
    title: "Your code",
    body: (
      <p>
        The code in your rooms stays yours. People you share a room ID with can read it, and edit it when you allow
        anyone to edit. Deleting a room deletes its code.
      </p>
    ),
  },
  {
    title: "Plans and payments",
    body: (
      <p>
        Paid plans are billed monthly in rupees through our card payment provider and can be cancelled from your profile;
        a cancelled plan ends at once. See <Link to="/pricing">Pricing</Link> for what each plan includes.
      </p>
    ),
  },
  {
    title: "Guest accounts",
    body: <p>Guest accounts are temporary. They and their rooms are deleted after a period without use.</p>,
  },
  {
    title: "No warranty",
    body: (
      <p>
        We work to keep CodeRoom available and your data safe, but the service is provided as is. Keep your own copy of
        code that matters to you.
      </p>
    ),
  },
  {
    title: "Questions",
    body: (
      <p>
        Write to us through the <Link to="/contact">contact form</Link>.
      </p>
    ),
  },
];

/** /terms: the short terms of use. */
export function TermsPage() {
  return <InfoPage eyebrow="Legal" title="Terms of use" intro="The rules for using CodeRoom, in plain words." sections={sections} />;
}
