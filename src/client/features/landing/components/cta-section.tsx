import { ArrowRight } from 'lucide-react';
import { ButtonLink } from '../../../components/ui/button-link.tsx';
import { useT } from '../../../lib/i18n.tsx';

export function CtaSection() {
  const t = useT();
  return (
    <section className="bg-white py-20">
      <div className="mx-auto max-w-5xl px-4 sm:px-6 lg:px-8">
        <div className="rounded-3xl bg-gradient-to-br from-brand-900 to-brand-800 px-6 py-12 text-center text-white sm:px-12">
          <h2 className="text-3xl font-bold tracking-tight">{t('pages.landing.cta.title')}</h2>
          <p className="mx-auto mt-4 max-w-xl text-brand-100">{t('pages.landing.cta.text')}</p>
          <ButtonLink to="/auth" variant="accent" size="lg" className="mt-8">
            {t('public.nav.startTrial')}
            <ArrowRight aria-hidden="true" className="size-4" />
          </ButtonLink>
        </div>
      </div>
    </section>
  );
}
