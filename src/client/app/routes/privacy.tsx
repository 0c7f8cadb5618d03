import { Link } from 'react-router';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { Prose } from '../../components/ui/prose.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

export function Component() {
  useDocumentTitle('Privacy Policy');
  return (
    <>
      <PageHeader title="Privacy Policy">
        What we collect, why we collect it, and the choices you have.
      </PageHeader>
      <div className="mx-auto max-w-3xl px-4 py-12 sm:px-6 sm:py-16">
        <Prose>
          <p>
            This policy explains how VOIP Manager handles personal information when you visit our
            website, create an account or use the service.
          </p>
          <h2>Information we collect</h2>
          <ul>
            <li>
              <strong>Account information.</strong> Your email address, the date you signed up and
              when you last signed in.
            </li>
            <li>
              <strong>Sign-in information.</strong> When you ask to sign in we email you a one-time
              code and link. We store only a keyed hash of the code, its expiry time and the number
              of attempts, and we keep a session record (browser user agent and IP address) while
              you are signed in.
            </li>
            <li>
              <strong>Numbers and provider links.</strong> The phone numbers you add, their notes
              and tags, and their provider links. Provider links often contain credentials, so we
              store them encrypted.
            </li>
            <li>
              <strong>Messages.</strong> Our servers poll the provider links of your active numbers
              and store the verification-like messages they return, with the extracted codes.
            </li>
            <li>
              <strong>Contact messages.</strong> When you use the{' '}
              <Link to="/contact">contact form</Link>, we store your name, email address, subject,
              message and the IP address it came from, so we can answer you and prevent abuse.
            </li>
          </ul>
          <h2>How we use it</h2>
          <p>
            We use this information only to run the service: to sign you in, to poll your numbers
            and show their messages, to publish the pages you choose to share, to answer your
            questions and to keep the service secure. We do not sell personal information.
          </p>
          <h2>Sharing</h2>
          <p>
            Public pages and single-number endpoints that you create show messages and codes for the
            numbers you select to anyone with the link. They never show the provider link. We share
            data with service providers (hosting and email delivery) only as needed to run the
            service, or when the law requires it.
          </p>
          <h2>Cookies</h2>
          <p>
            We use a single, essential session cookie to keep you signed in. It is marked HttpOnly
            so scripts on the page cannot read it. We do not use advertising cookies.
          </p>
          <h2>Retention and deletion</h2>
          <p>
            You can delete numbers, their messages and shared pages at any time. To close your
            account, contact us and we will delete your numbers, messages and provider links.
            Contact messages are kept as long as needed to handle your request.
          </p>
          <h2>Age requirement</h2>
          <p>
            VOIP Manager is intended for people aged 18 or older. We do not knowingly collect
            information from anyone under 18; if you believe someone under 18 has given us personal
            information, please contact us and we will delete it.
          </p>
          <h2>Your rights and contact</h2>
          <p>
            You may ask for a copy of your data, for corrections or for deletion. Send privacy and
            legal inquiries through our <Link to="/contact">contact page</Link>; we answer them
            within 30 days.
          </p>
          <h2>Changes</h2>
          <p>
            If we change this policy in a way that matters, we will tell signed-in users by email
            before the change takes effect.
          </p>
        </Prose>
      </div>
    </>
  );
}
