import { ArrowRight } from 'lucide-react';
import { ButtonLink } from '../../../components/ui/button-link.tsx';

export function CtaSection() {
  return (
    <section className="bg-white py-20">
      <div className="mx-auto max-w-5xl px-4 sm:px-6 lg:px-8">
        <div className="rounded-3xl bg-gradient-to-br from-brand-900 to-brand-800 px-6 py-12 text-center text-white sm:px-12">
          <h2 className="text-3xl font-bold tracking-tight">Ready to stop chasing codes?</h2>
          <p className="mx-auto mt-4 max-w-xl text-brand-100">
            Sign in with your email, add your first number and watch the next code arrive on its
            own. Free for 14 days, no credit card required.
          </p>
          <ButtonLink to="/auth" variant="accent" size="lg" className="mt-8">
            Start Free Trial
            <ArrowRight aria-hidden="true" className="size-4" />
          </ButtonLink>
        </div>
      </div>
    </section>
  );
}
