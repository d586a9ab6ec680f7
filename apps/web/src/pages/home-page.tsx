import { AboutBlock } from "../features/marketing/components/about-block";
import { CtaBanner } from "../features/marketing/components/cta-banner";
import { FeatureGrid } from "../features/marketing/components/feature-grid";
import { Hero } from "../features/marketing/components/hero";
import { HowItWorks } from "../features/marketing/components/how-it-works";
import { StatsBand } from "../features/marketing/components/stats-band";
import { Testimonials } from "../features/marketing/components/testimonials";

/** The landing page (spec §1): both marketing variants merged into one page. */
export function HomePage() {
  return (
    <>
      <Hero />
      <StatsBand />
      <FeatureGrid />
      <AboutBlock />
      <HowItWorks />
      <Testimonials />
      <CtaBanner />
    </>
  );
}
