import { ArrowRight, CheckCircle2, ShieldCheck } from 'lucide-react';
import { ButtonLink } from '../../../components/ui/button-link.tsx';
import { useT } from '../../../lib/i18n.tsx';
import type { MessageId } from '../../../../shared/i18n/namespaces.ts';
import { CodePreview } from './code-preview.tsx';

const POINTS: MessageId[] = [
  'pages.landing.hero.trial',
  'pages.landing.hero.noCard',
  'pages.landing.hero.emailCode',
];

export function HeroSection() {
  const t = useT();
  return (
    <section className="relative overflow-hidden bg-gradient-to-br from-brand-950 via-brand-900 to-brand-800 text-white">
      <div
        aria-hidden="true"
        className="absolute -top-24 -right-24 size-96 rounded-full bg-accent-500/20 blur-3xl"
      />
      <div className="relative mx-auto grid max-w-7xl items-center gap-12 px-4 py-16 sm:px-6 sm:py-24 lg:grid-cols-2 lg:px-8">
        <div>
          <p className="inline-flex items-center gap-2 rounded-full bg-white/10 px-3 py-1 text-sm font-medium text-accent-300 ring-1 ring-white/15">
            <ShieldCheck aria-hidden="true" className="size-4" />
            {t('pages.landing.hero.badge')}
          </p>
          <h1 className="mt-6 text-4xl font-bold tracking-tight text-balance sm:text-5xl lg:text-6xl">
            {t('pages.landing.hero.title')}
          </h1>
          <p className="mt-6 max-w-xl text-lg leading-8 text-brand-100">
            {t('pages.landing.hero.text')}
          </p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row">
            <ButtonLink to="/auth" variant="accent" size="lg">
              {t('public.nav.startTrial')}
              <ArrowRight aria-hidden="true" className="size-4" />
            </ButtonLink>
            <ButtonLink to="/#features" variant="outline-light" size="lg">
              {t('pages.landing.hero.howItWorks')}
            </ButtonLink>
          </div>
          <ul className="mt-8 flex flex-col gap-2 text-sm text-brand-100 sm:flex-row sm:gap-6">
            {POINTS.map((point) => (
              <li key={point} className="flex items-center gap-2">
                <CheckCircle2 aria-hidden="true" className="size-4 text-accent-400" />
                {t(point)}
              </li>
            ))}
          </ul>
        </div>
        <CodePreview />
      </div>
    </section>
  );
}
