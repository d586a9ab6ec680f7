import { Link } from "react-router";
import { InfoPage } from "../components/info-page.tsx";

const sections = [
  {
    title: "What we store",
    body: (
      <ul>
        <li>Your account: full name, e-mail address, profile picture, and your password as a salted hash (never the password itself).</li>
        <li>Your rooms: their names, language, settings and code, and who has joined them.</li>
        <li>Usage counts: how many code runs and AI questions you used today, to apply your plan&apos;s limits.</li>
        <li>Sessions: a hashed token per login, with the IP address and browser name it came from.</li>
        <li>Payments: plan, amount, status and the payment provider&apos;s reference numbers. Card details go to the provider only.</li>
        <li>Messages you send through the contact and feedback forms.</li>
      </ul>
    ),
  },
  {
    title: "Who sees it",
    body: (
      <p>
        People in a room see your name, picture and the room&apos;s code. Administrators see payment records. Code you
        send to the AI assistant is sent to the AI service the operator of this server configured. We do not sell data.
      </p>
    ),
  },
  {
    title: "Third parties",
    body: (
      <p>
        The map on the contact page loads tiles from OpenStreetMap&apos;s servers, which then see your IP address.
        Payments are handled by the card payment provider.
      </p>
    ),
  },
  {
    title: "How long",
    body: (
      <p>
        Account data is kept until you ask us to delete the account. Guest accounts and their rooms are deleted after a
        period without use. Sessions end at logout or when they expire.
      </p>
    ),
  },
  {
    title: "Your rights",
    body: (
      <p>
        You can change your name, e-mail and picture on your profile. To get a copy of your data or delete your account,
        write to us through the <Link to="/contact">contact form</Link>.
      </p>
    ),
  },
];

/** /privacy: what CodeRoom stores and why. */
export function PrivacyPage() {
  return <InfoPage eyebrow="Legal" title="Privacy" intro="What we store about you, who sees it, and for how long." sections={sections} />;
}
