// axe-core in a real page: the full rule set, colour contrast included (it needs real layout and
// CSS, which jsdom has not). The site's CSP (script-src 'self') refuses an inline script tag, so
// axe's source goes in through page.evaluate, which the DevTools protocol runs outside the CSP.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import type { AxeResults, ImpactValue } from 'axe-core';

const require = createRequire(import.meta.url);
const axeSource = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

export interface A11yViolation {
  id: string;
  impact: ImpactValue | null | undefined;
  help: string;
  nodes: string[];
}

/** Runs axe-core over the whole page (or `selector`) and returns every violation. */
export async function a11yViolations(page: Page, selector?: string): Promise<A11yViolation[]> {
  const loaded = await page.evaluate(() => typeof (window as { axe?: unknown }).axe !== 'undefined');
  if (!loaded) await page.evaluate(axeSource);
  const results = await page.evaluate(
    (context) =>
      (window as unknown as { axe: { run(c: unknown, o: unknown): Promise<AxeResults> } }).axe.run(
        context ?? document,
        { resultTypes: ['violations'] },
      ),
    selector ?? null,
  );
  return results.violations.map((violation) => ({
    id: violation.id,
    impact: violation.impact,
    help: violation.help,
    nodes: violation.nodes.map((node) => `${node.target.join(' ')}: ${node.html}`),
  }));
}

/**
 * Fails when axe finds a violation of impact serious or critical; prints the minor and moderate
 * ones (with `label` to tell the pages apart) so a person can look at them.
 */
export async function expectNoSeriousA11yViolations(page: Page, label = page.url()): Promise<void> {
  const violations = await a11yViolations(page);
  const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  for (const v of violations.filter((v) => !serious.includes(v))) {
    console.log(`axe (${v.impact}) on ${label}: ${v.id} — ${v.help}\n  ${v.nodes.join('\n  ')}`);
  }
  assert.deepEqual(
    serious.map((v) => `${v.impact} ${v.id}: ${v.help}\n  ${v.nodes.join('\n  ')}`),
    [],
    `axe: serious or critical violations on ${label}`,
  );
}
