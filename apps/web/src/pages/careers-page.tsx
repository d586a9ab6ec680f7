import { Link } from "react-router";
import { InfoPage } from "../components/info-page.tsx";

const sections = [
  {
    title: "Open positions",
    body: <p>We have no open positions right now.</p>,
  },
  {
    title: "Want to work with us later?",
    body: (
      <p>
        Tell us about yourself and what you would like to build through the <Link to="/contact">contact form</Link>. We
        read every message.
      </p>
    ),
  },
];

/** /careers. */
export function CareersPage() {
  return <InfoPage eyebrow="Company" title="Careers" intro="A small team building tools for coding together." sections={sections} />;
}
