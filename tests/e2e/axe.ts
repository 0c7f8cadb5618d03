import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

/** axe-core, evaluated in the page (the app's CSP allows no inline script tag). */
const AXE = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** WCAG AA contrast failures of what is on screen now, one line each. */
export async function contrastViolations(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE);
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: typeof import('axe-core') }).axe;
    const result = await axe.run(document, {
      runOnly: { type: 'rule', values: ['color-contrast'] },
    });
    return result.violations.flatMap((v) =>
      v.nodes.map((n) => `${n.target.join(' ')}: ${n.any.map((c) => c.message).join('; ')}`),
    );
  });
}
