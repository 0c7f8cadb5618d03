import { Check } from 'lucide-react';
import { ButtonLink } from '../../../components/ui/button-link.tsx';
import { cn } from '../../../lib/cn.ts';
import { useT } from '../../../lib/i18n.tsx';
import type { MessageId } from '../../../../shared/i18n/namespaces.ts';

const plans: {
  name: MessageId;
  price: number;
  blurb: MessageId;
  items: MessageId[];
  popular: boolean;
}[] = [
  {
    name: 'pages.landing.pricing.starter',
    price: 9,
    blurb: 'pages.landing.pricing.starterBlurb',
    items: [
      'pages.landing.pricing.starterNumbers',
      'pages.landing.pricing.starterMessages',
      'pages.landing.features.codesTitle',
      'pages.landing.features.expiryTitle',
    ],
    popular: false,
  },
  {
    name: 'pages.landing.pricing.professional',
    price: 29,
    blurb: 'pages.landing.pricing.professionalBlurb',
    items: [
      'pages.landing.pricing.professionalNumbers',
      'pages.landing.pricing.professionalMessages',
      'pages.landing.pricing.sharing',
      'pages.landing.pricing.organising',
    ],
    popular: true,
  },
  {
    name: 'pages.landing.pricing.enterprise',
    price: 99,
    blurb: 'pages.landing.pricing.enterpriseBlurb',
    items: [
      'pages.landing.pricing.unlimitedNumbers',
      'pages.landing.pricing.unlimitedMessages',
      'pages.landing.pricing.everything',
    ],
    popular: false,
  },
];

export function PricingSection() {
  const t = useT();
  return (
    <section
      id="pricing"
      aria-labelledby="pricing-title"
      className="scroll-mt-20 bg-slate-50 py-20 sm:py-24"
    >
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <div className="mx-auto max-w-2xl text-center">
          <p className="text-sm font-semibold tracking-wide text-accent-700 uppercase">
            {t('public.nav.pricing')}
          </p>
          <h2
            id="pricing-title"
            className="mt-2 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl"
          >
            {t('pages.landing.pricing.title')}
          </h2>
          <p className="mt-4 text-lg text-slate-600">{t('pages.landing.pricing.text')}</p>
        </div>
        <ul className="mx-auto mt-14 grid max-w-5xl gap-6 lg:grid-cols-3">
          {plans.map((plan) => (
            <li
              key={plan.name}
              className={cn(
                'relative flex flex-col rounded-2xl bg-white p-8 shadow-sm',
                plan.popular ? 'ring-2 ring-accent-600 lg:-my-2 lg:py-10' : 'ring-1 ring-slate-200',
              )}
            >
              {plan.popular && (
                <p className="absolute -top-3 left-1/2 -translate-x-1/2 rounded-full bg-accent-700 px-3 py-1 text-xs font-semibold text-white">
                  {t('pages.landing.pricing.popular')}
                </p>
              )}
              <h3 className="text-lg font-semibold text-slate-900">{t(plan.name)}</h3>
              <p className="mt-1 text-sm text-slate-600">{t(plan.blurb)}</p>
              <p className="mt-6 flex items-baseline gap-1">
                <span className="text-4xl font-bold tracking-tight text-brand-900">
                  ${plan.price}
                </span>
                <span className="text-sm font-medium text-slate-500">
                  {t('pages.landing.pricing.perMonth')}
                </span>
              </p>
              <ul className="mt-6 flex-1 space-y-3 text-sm text-slate-700">
                {plan.items.map((item) => (
                  <li key={item} className="flex gap-2">
                    <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-accent-600" />
                    {t(item)}
                  </li>
                ))}
              </ul>
              <ButtonLink
                to="/auth"
                variant={plan.popular ? 'accent' : 'primary'}
                size="lg"
                className="mt-8 w-full"
                aria-label={t('pages.landing.pricing.startWith', { plan: t(plan.name) })}
              >
                {t('public.nav.startTrial')}
              </ButtonLink>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
