import { AboutBlock } from "../features/marketing/components/about-block.tsx";
import { CtaBanner } from "../features/marketing/components/cta-banner.tsx";
import { FeatureGrid } from "../features/marketing/components/feature-grid.tsx";
import { Hero } from "../features/marketing/components/hero.tsx";
import { HowItWorks } from "../features/marketing/components/how-it-works.tsx";
import { StatsBand } from "../features/marketing/components/stats-band.tsx";
import { Testimonials } from "../features/marketing/components/testimonials.tsx";

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
