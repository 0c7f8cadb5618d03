import { Link } from 'react-router';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { Prose } from '../../components/ui/prose.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

export function Component() {
  useDocumentTitle('Terms of Service');
  return (
    <>
      <PageHeader title="Terms of Service">The rules for using VOIP Manager.</PageHeader>
      <div className="mx-auto max-w-3xl px-4 py-12 sm:px-6 sm:py-16">
        <Prose>
          <p>
            By creating an account or using VOIP Manager you agree to these terms. If you use the
            service for an organisation, you accept them on its behalf.
          </p>
          <h2>Eligibility</h2>
          <p>You must be at least 18 years old to use VOIP Manager.</p>
          <h2>Your account</h2>
          <p>
            You sign in with a one-time code or link sent to your email address. Keep access to that
            mailbox secure — anyone who can read it can sign in as you. Tell us promptly if you
            think your account has been misused.
          </p>
          <h2>The service</h2>
          <p>
            VOIP Manager stores the virtual numbers and provider links you add, polls those links
            from our servers and shows the verification messages they return. We depend on your
            providers: if a provider is slow, changes its format or ends a rental, messages may be
            delayed or missing, and we cannot guarantee that every message is received.
          </p>
          <h2>Acceptable use</h2>
          <ul>
            <li>Add only numbers and provider links you are entitled to use.</li>
            <li>
              Do not use the service to break the law, to defraud anyone, or to break the terms of
              the sites whose verification messages you receive.
            </li>
            <li>
              Do not try to disrupt the service, probe other users’ data or overload our servers.
            </li>
          </ul>
          <p>We may suspend accounts that break these rules.</p>
          <h2>Trial, subscription and billing</h2>
          <p>
            New accounts get a 14-day free trial; no credit card is required to start it. After the
            trial, continued use requires a paid plan, billed as a subscription at the start of each
            billing period until you cancel. Cancelling stops future charges; the plan stays active
            until the end of the period already paid. We give at least 30 days’ notice before a
            price change takes effect.
          </p>
          <h2>Shared pages</h2>
          <p>
            Anyone with the address of a public page or single-number endpoint you create can see
            its messages and codes. You are responsible for whom you share them with and can
            deactivate or delete them at any time.
          </p>
          <h2>Support</h2>
          <p>
            Our support team answers within 4-6 hours on business days. Legal inquiries are answered
            within 30 days. Reach us through the <Link to="/contact">contact page</Link>.
          </p>
          <h2>Liability</h2>
          <p>
            The service is provided as is. To the extent the law allows, we are not liable for
            indirect or consequential losses, and our total liability is limited to the fees you
            paid in the three months before the claim.
          </p>
          <h2>Changes to these terms</h2>
          <p>
            We may update these terms. For material changes we will notify you by email at least 30
            days before they apply. See also our <Link to="/privacy">Privacy Policy</Link>.
          </p>
        </Prose>
      </div>
    </>
  );
}
