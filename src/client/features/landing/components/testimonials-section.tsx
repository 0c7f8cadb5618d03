import { Quote } from 'lucide-react';
import { useT } from '../../../lib/i18n.tsx';
import type { MessageId } from '../../../../shared/i18n/namespaces.ts';

const quotes: { text: MessageId; name: string; role: MessageId }[] = [
  {
    text: 'pages.landing.testimonials.mariaText',
    name: 'Maria L.',
    role: 'pages.landing.testimonials.mariaRole',
  },
  {
    text: 'pages.landing.testimonials.danielText',
    name: 'Daniel K.',
    role: 'pages.landing.testimonials.danielRole',
  },
  {
    text: 'pages.landing.testimonials.priyaText',
    name: 'Priya S.',
    role: 'pages.landing.testimonials.priyaRole',
  },
];

export function TestimonialsSection() {
  const t = useT();
  return (
    <section
      id="testimonials"
      aria-labelledby="testimonials-title"
      className="scroll-mt-20 bg-white py-20 sm:py-24"
    >
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <div className="mx-auto max-w-2xl text-center">
          <p className="text-sm font-semibold tracking-wide text-accent-700 uppercase">
            {t('public.nav.testimonials')}
          </p>
          <h2
            id="testimonials-title"
            className="mt-2 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl"
          >
            {t('pages.landing.testimonials.title')}
          </h2>
        </div>
        <ul className="mt-14 grid gap-6 lg:grid-cols-3">
          {quotes.map((q) => (
            <li key={q.name}>
              <figure className="flex h-full flex-col rounded-2xl border border-slate-200 bg-slate-50/60 p-6">
                <Quote aria-hidden="true" className="size-6 text-accent-600" />
                <blockquote className="mt-4 flex-1 text-base leading-7 text-slate-700">
                  {t('pages.landing.testimonials.quote', { text: t(q.text) })}
                </blockquote>
                <figcaption className="mt-6 border-t border-slate-200 pt-4">
                  <p className="font-semibold text-slate-900">{q.name}</p>
                  <p className="text-sm text-slate-500">{t(q.role)}</p>
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
