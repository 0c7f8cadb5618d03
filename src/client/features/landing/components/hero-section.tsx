import { ArrowRight, CheckCircle2, ShieldCheck } from 'lucide-react';
import { ButtonLink } from '../../../components/ui/button-link.tsx';
import { CodePreview } from './code-preview.tsx';

export function HeroSection() {
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
            Provider links stay private
          </p>
          <h1 className="mt-6 text-4xl font-bold tracking-tight text-balance sm:text-5xl lg:text-6xl">
            Every verification code from every virtual number, in one place.
          </h1>
          <p className="mt-6 max-w-xl text-lg leading-8 text-brand-100">
            VOIP Manager polls your rented numbers for you, keeps only the messages that matter,
            pulls out the code and shows it the moment it arrives. Share numbers with your team
            without ever handing out the provider link.
          </p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row">
            <ButtonLink to="/auth" variant="accent" size="lg">
              Start Free Trial
              <ArrowRight aria-hidden="true" className="size-4" />
            </ButtonLink>
            <ButtonLink to="/#features" variant="outline-light" size="lg">
              See how it works
            </ButtonLink>
          </div>
          <ul className="mt-8 flex flex-col gap-2 text-sm text-brand-100 sm:flex-row sm:gap-6">
            {['14-day free trial', 'No credit card required', 'Sign in with an email code'].map(
              (t) => (
                <li key={t} className="flex items-center gap-2">
                  <CheckCircle2 aria-hidden="true" className="size-4 text-accent-400" />
                  {t}
                </li>
              ),
            )}
          </ul>
        </div>
        <CodePreview />
      </div>
    </section>
  );
}
