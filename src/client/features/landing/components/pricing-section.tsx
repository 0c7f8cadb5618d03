import { Check } from 'lucide-react';
import { ButtonLink } from '../../../components/ui/button-link.tsx';
import { cn } from '../../../lib/cn.ts';

const plans = [
  {
    name: 'Starter',
    price: 9,
    blurb: 'For individuals with a handful of numbers.',
    items: ['10 numbers', '1,000 messages/month', 'Live code extraction', 'Expiry checks'],
    popular: false,
  },
  {
    name: 'Professional',
    price: 29,
    blurb: 'For teams that share numbers every day.',
    items: [
      '100 numbers',
      '10,000 messages/month',
      'Public pages and single-number endpoints',
      'Tags, favourites, import and export',
    ],
    popular: true,
  },
  {
    name: 'Enterprise',
    price: 99,
    blurb: 'For businesses running numbers at scale.',
    items: ['Unlimited numbers', 'Unlimited messages', 'Everything in Professional'],
    popular: false,
  },
];

export function PricingSection() {
  return (
    <section
      id="pricing"
      aria-labelledby="pricing-title"
      className="scroll-mt-20 bg-slate-50 py-20 sm:py-24"
    >
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <div className="mx-auto max-w-2xl text-center">
          <p className="text-sm font-semibold tracking-wide text-accent-700 uppercase">Pricing</p>
          <h2
            id="pricing-title"
            className="mt-2 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl"
          >
            Simple plans that grow with you
          </h2>
          <p className="mt-4 text-lg text-slate-600">
            Every plan starts with a 14-day free trial. No credit card required.
          </p>
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
                  Most Popular
                </p>
              )}
              <h3 className="text-lg font-semibold text-slate-900">{plan.name}</h3>
              <p className="mt-1 text-sm text-slate-600">{plan.blurb}</p>
              <p className="mt-6 flex items-baseline gap-1">
                <span className="text-4xl font-bold tracking-tight text-brand-900">
                  ${plan.price}
                </span>
                <span className="text-sm font-medium text-slate-500">/month</span>
              </p>
              <ul className="mt-6 flex-1 space-y-3 text-sm text-slate-700">
                {plan.items.map((item) => (
                  <li key={item} className="flex gap-2">
                    <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-accent-600" />
                    {item}
                  </li>
                ))}
              </ul>
              <ButtonLink
                to="/auth"
                variant={plan.popular ? 'accent' : 'primary'}
                size="lg"
                className="mt-8 w-full"
                aria-label={`Start free trial with the ${plan.name} plan`}
              >
                Start Free Trial
              </ButtonLink>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
