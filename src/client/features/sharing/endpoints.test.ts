import { describe, expect, it } from 'vitest';
import { i18nFor } from '../../../server/i18n.ts';
import type { Endpoint } from '../../../shared/sharing.ts';
import type { Translate } from '../../lib/i18n.tsx';
import { CSV_HEADER, endpointsCsv, remarkOptions } from './endpoints.ts';

/** The catalogue's English and Russian, as a component's `useT()` gives them. */
const en: Translate = (id, values) => i18nFor('en')._(id, values);
const ru: Translate = (id, values) => i18nFor('ru')._(id, values);

const endpoint = (n: number, extra: Partial<Endpoint> = {}): Endpoint => ({
  id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  hash: `hash${n}_abcdefghijklmnopq`.slice(0, 22),
  name: `API for (555) 000-100${n}`,
  numberId: `00000000-0000-4000-9000-${String(n).padStart(12, '0')}`,
  phoneNumber: `555000100${n}`,
  remark: 'none',
  isActive: true,
  views: 0,
  lastAccessed: null,
  createdAt: new Date(2026, 2, 5, 10, 30).toISOString(),
  ...extra,
});
const urlOf = (hash: string) => `https://voip.example/single/${hash}`;

describe('entriesCsv', () => {
  it('writes the product columns with the public single URL, status words and the local day', () => {
    const file = endpointsCsv(
      [endpoint(1), endpoint(2, { isActive: false, remark: 'team, west', name: '=cmd' })],
      urlOf,
      new Date(2026, 6, 9, 8),
    )!;
    expect(file.filename).toBe('single-api-entries-2026-07-09.csv');
    const rows = file.csv.trimEnd().split('\r\n');
    expect(rows[0]).toBe(CSV_HEADER.join(','));
    expect(rows[0]).toBe('Name,Phone Number,API URL,Status,Remark,Created Date');
    expect(rows[1]).toBe(
      `API for (555) 000-1001,5550001001,${urlOf(endpoint(1).hash)},Active,none,2026-03-05`,
    );
    // Quoted where needed, and text a spreadsheet would run as a formula is neutralised.
    expect(rows[2]).toBe(
      `'=cmd,5550001002,${urlOf(endpoint(2).hash)},Inactive,"team, west",2026-03-05`,
    );
    expect(rows).toHaveLength(3);
  });

  it('never writes a provider link, only the public address', () => {
    const file = endpointsCsv([endpoint(3)], urlOf)!;
    expect(file.csv).toContain('/single/');
    expect(file.csv).not.toMatch(/demo-provider|key=|api_link/);
  });

  it('exports nothing when no entry is selected', () => {
    expect(endpointsCsv([], urlOf)).toBeNull();
  });
});

describe('remarkOptions', () => {
  it('lists every entry first with the total, then each remark with its count', () => {
    expect(
      remarkOptions(
        en,
        [
          { remark: 'none', count: 3 },
          { remark: 'team', count: 2 },
        ],
        '',
      ),
    ).toEqual([
      { value: '', label: 'All Remarks (5)' },
      { value: 'none', label: 'none (3)' },
      { value: 'team', label: 'team (2)' },
    ]);
  });

  it('keeps the remark filtered on when no entry has it any more', () => {
    expect(remarkOptions(en, [{ remark: 'none', count: 1 }], 'gone')).toEqual([
      { value: '', label: 'All Remarks (1)' },
      { value: 'none', label: 'none (1)' },
      { value: 'gone', label: 'gone (0)' },
    ]);
    expect(remarkOptions(en, [], '')).toEqual([{ value: '', label: 'All Remarks (0)' }]);
  });

  it("says 'All Remarks' in the reader's language, the remarks as typed", () => {
    expect(remarkOptions(ru, [{ remark: 'team', count: 1234 }], '')).toEqual([
      { value: '', label: 'Все примечания (1234)' },
      { value: 'team', label: 'team (1234)' },
    ]);
  });
});
