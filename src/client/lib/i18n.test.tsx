import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { i18nFor } from '../../server/i18n.ts';
import type { Locale } from '../../shared/i18n/locales.ts';
import type { MessageId, MessageValues } from '../../shared/i18n/namespaces.ts';
import { LocaleProvider, T } from './i18n.tsx';

const render = (
  locale: Locale,
  id: MessageId,
  components: Record<string, React.ReactElement>,
  values?: MessageValues,
) =>
  renderToStaticMarkup(
    <LocaleProvider instance={i18nFor(locale)}>
      <T id={id} values={values} components={components} />
    </LocaleProvider>,
  );

describe('<T>', () => {
  it('puts a component where the message has <0/>, wherever the language puts it', () => {
    const site = { 0: <b>Acme</b> };
    expect(render('en', 'share.shell.poweredBy', site)).toBe('Powered by <b>Acme</b>');
    expect(render('zh', 'share.shell.poweredBy', site)).toBe('由 <b>Acme</b> 提供支持');
  });

  it('wraps the text of <0>…</0> in its component, values filled in and escaped', () => {
    expect(
      render('en', 'public.signIn.codeSentTo', { 0: <strong /> }, { email: 'a<b>@example.com' }),
    ).toBe('Enter the 6-digit code sent to <strong>a&lt;b&gt;@example.com</strong>');
  });

  it('leaves the text of an element it has no component for', () => {
    expect(render('en', 'public.signIn.codeSentTo', {}, { email: 'x@example.com' })).toBe(
      'Enter the 6-digit code sent to x@example.com',
    );
  });
});
