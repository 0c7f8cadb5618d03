import { CtaSection } from '../../features/landing/components/cta-section.tsx';
import { FeaturesSection } from '../../features/landing/components/features-section.tsx';
import { HeroSection } from '../../features/landing/components/hero-section.tsx';
import { PricingSection } from '../../features/landing/components/pricing-section.tsx';
import { StatsSection } from '../../features/landing/components/stats-section.tsx';
import { TestimonialsSection } from '../../features/landing/components/testimonials-section.tsx';
import { useT } from '../../lib/i18n.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

export function LandingPage() {
  const t = useT();
  useDocumentTitle(t('pages.landing.title'));
  return (
    <>
      <HeroSection />
      <StatsSection />
      <FeaturesSection />
      <PricingSection />
      <TestimonialsSection />
      <CtaSection />
    </>
  );
}
