import {
  CalendarClock,
  FileDown,
  RefreshCw,
  Share2,
  Star,
  Zap,
  type LucideIcon,
} from 'lucide-react';
import { useT } from '../../../lib/i18n.tsx';
import type { MessageId } from '../../../../shared/i18n/namespaces.ts';

const features: Array<{ icon: LucideIcon; title: MessageId; text: MessageId }> = [
  {
    icon: Zap,
    title: 'pages.landing.features.codesTitle',
    text: 'pages.landing.features.codesText',
  },
  {
    icon: RefreshCw,
    title: 'pages.landing.features.pollingTitle',
    text: 'pages.landing.features.pollingText',
  },
  {
    icon: CalendarClock,
    title: 'pages.landing.features.expiryTitle',
    text: 'pages.landing.features.expiryText',
  },
  {
    icon: Share2,
    title: 'pages.landing.features.shareTitle',
    text: 'pages.landing.features.shareText',
  },
  {
    icon: Star,
    title: 'pages.landing.features.tagsTitle',
    text: 'pages.landing.features.tagsText',
  },
  {
    icon: FileDown,
    title: 'pages.landing.features.importTitle',
    text: 'pages.landing.features.importText',
  },
];

export function FeaturesSection() {
  const t = useT();
  return (
    <section
      id="features"
      aria-labelledby="features-title"
      className="scroll-mt-20 bg-white py-20 sm:py-24"
    >
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <div className="mx-auto max-w-2xl text-center">
          <p className="text-sm font-semibold tracking-wide text-accent-700 uppercase">
            {t('public.nav.features')}
          </p>
          <h2
            id="features-title"
            className="mt-2 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl"
          >
            {t('pages.landing.features.title')}
          </h2>
          <p className="mt-4 text-lg text-slate-600">{t('pages.landing.features.text')}</p>
        </div>
        <ul className="mt-14 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {features.map(({ icon: Icon, title, text }) => (
            <li key={title} className="rounded-2xl border border-slate-200 bg-slate-50/60 p-6">
              <span className="inline-flex size-11 items-center justify-center rounded-xl bg-brand-900 text-accent-400">
                <Icon aria-hidden="true" className="size-5" />
              </span>
              <h3 className="mt-4 text-lg font-semibold text-slate-900">{t(title)}</h3>
              <p className="mt-2 text-sm leading-6 text-slate-600">{t(text)}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
