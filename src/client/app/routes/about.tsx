import { Link } from 'react-router';
import { ButtonLink } from '../../components/ui/button-link.tsx';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { Prose } from '../../components/ui/prose.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

export function Component() {
  useDocumentTitle('About');
  return (
    <>
      <PageHeader title="About VOIP Manager">
        A calm place to keep rented virtual numbers and read the verification codes they receive.
      </PageHeader>
      <div className="mx-auto max-w-3xl px-4 py-12 sm:px-6 sm:py-16">
        <Prose>
          <p>
            Developers, testers, businesses and individuals rent virtual phone numbers to receive
            verification texts. Each rental comes with a provider link that returns the latest SMS —
            and usually a lot of noise. Keeping dozens of those links in a spreadsheet and
            refreshing them by hand is slow and error-prone. VOIP Manager was built to take that
            work away.
          </p>
          <h2>What it does</h2>
          <ul>
            <li>
              <strong>Polls for you, on our servers.</strong> Every active number’s provider link is
              checked on a regular schedule by our servers, not by your browser, so new codes are
              collected even while you are away.
            </li>
            <li>
              <strong>Keeps only what matters.</strong> Messages are filtered down to verification
              texts and the code is extracted and highlighted, ready to copy.
            </li>
            <li>
              <strong>Watches expiry dates.</strong> When a provider reports when a rental ends, we
              show how many days are left and flag numbers that expire soon.
            </li>
            <li>
              <strong>Shares safely.</strong> Public pages and single-number endpoints show messages
              and codes to the people you choose, without revealing the provider link behind them.
            </li>
            <li>
              <strong>Stays organised.</strong> Tags, favourites, active and inactive switches, bulk
              import and JSON export keep large collections manageable.
            </li>
          </ul>
          <h2>How we treat your data</h2>
          <p>
            Provider links contain credentials, so we store them encrypted and never show them on a
            shared page. You sign in with a one-time code sent to your email — there is no password
            to leak or forget. Read the <Link to="/privacy">Privacy Policy</Link> for the details.
          </p>
          <h2>Plans and support</h2>
          <p>
            Every plan starts with a 14-day free trial with no credit card required; after that,
            plans are billed as a monthly subscription. Our support team answers within 4-6 hours on
            business days.
          </p>
        </Prose>
        <div className="mt-10 flex flex-col gap-3 sm:flex-row">
          <ButtonLink to="/auth" variant="accent" size="lg">
            Start Free Trial
          </ButtonLink>
          <ButtonLink to="/contact" variant="secondary" size="lg">
            Contact us
          </ButtonLink>
        </div>
      </div>
    </>
  );
}
