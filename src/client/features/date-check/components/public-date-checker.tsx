import { Sparkles } from 'lucide-react';
import { ButtonLink } from '../../../components/ui/button-link.tsx';
import { useT } from '../../../lib/i18n.tsx';
import { DateCheckerTool } from './date-checker-tool.tsx';

/**
 * /date-checker body: pasted phone + link lines, checked without an account. The checker itself
 * (`DateCheckerTool`) needs no router or query client: a fresh load of /date-checker hydrates only
 * it, in its `data-island-root` element (islands/date-checker.tsx); the rest is static.
 */
export function PublicDateChecker() {
  const t = useT();
  return (
    <div className="mx-auto max-w-6xl space-y-6 px-4 py-10 sm:px-6 sm:py-14 lg:px-8">
      <div className="space-y-6" data-island-root="">
        <DateCheckerTool />
      </div>

      <div className="flex flex-col items-start gap-4 rounded-2xl bg-gradient-to-br from-brand-950 to-brand-800 p-6 text-white shadow-sm sm:flex-row sm:items-center sm:justify-between">
        <div className="flex gap-3">
          <Sparkles aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-accent-400" />
          <div>
            <h2 className="font-semibold">{t('public.dateChecker.trackTitle')}</h2>
            <p className="mt-1 text-sm text-brand-100">{t('public.dateChecker.trackText')}</p>
          </div>
        </div>
        <ButtonLink to="/auth" variant="accent" className="shrink-0">
          {t('public.nav.startTrial')}
        </ButtonLink>
      </div>
    </div>
  );
}
