import type { ImportResult } from '../../../../shared/numbers.ts';
import { useT } from '../../../lib/i18n.tsx';

const SHOWN = 200;

/** The per-line messages of an import (the first 200; the rest are counted). */
export function ImportErrors({ errors }: { errors: ImportResult['errors'] }) {
  const t = useT();
  if (errors.length === 0) return null;
  const rest = errors.length - SHOWN;
  return (
    <ul className="mt-2 max-h-64 space-y-0.5 overflow-y-auto font-mono text-xs break-words">
      {errors.slice(0, SHOWN).map((e, i) => (
        <li key={`${e.line}-${i}`}>{e.message}</li>
      ))}
      {rest > 0 && <li>{t('app.bulk.andMore', { count: rest })}</li>}
    </ul>
  );
}
