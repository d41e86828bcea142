import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { AxeResults, ImpactValue } from 'axe-core';
import type { Page } from 'playwright-core';
import { settled } from './wait.ts';

declare global {
  interface Window {
    axe?: { run(context: Document, options: { resultTypes: string[] }): Promise<AxeResults> };
  }
}

const AXE_SCRIPT = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
let axeSource: string | null = null;

/** Impacts that fail a screen: a night nurse cannot get past them. */
const BLOCKING: readonly ImpactValue[] = ['critical', 'serious'];

/** One axe finding, flattened for reading in a test failure. */
export interface AccessibilityFinding {
  rule: string;
  impact: ImpactValue;
  help: string;
  targets: string[];
  summary: string;
}

/** Runs axe-core (injected from node_modules) on the page as it is now and returns every violation. */
export async function axeFindings(page: Page): Promise<AccessibilityFinding[]> {
  if (!(await page.evaluate(() => typeof window.axe !== 'undefined'))) {
    // Evaluated through the DevTools protocol: the console's CSP (script-src 'self') refuses a <script> tag, rightly.
    axeSource ??= fs.readFileSync(AXE_SCRIPT, 'utf8');
    await page.evaluate(axeSource);
  }
  // A dialog fading in or a menu fading out blends its text with what is behind it: measure
  // colours once the page has settled, not halfway through a transition.
  await settled(page);
  return page.evaluate(async () => {
    const axe = window.axe;
    if (!axe) throw new Error('axe-core did not load');
    const results = await axe.run(document, { resultTypes: ['violations'] });
    return results.violations.map((violation) => ({
      rule: violation.id,
      impact: violation.impact ?? 'minor',
      help: violation.help,
      targets: violation.nodes.map((node) => node.target.join(' ')),
      summary: violation.nodes[0]?.failureSummary ?? '',
    }));
  });
}

/** A readable list of findings, one rule a line with up to five of its elements. */
export function describeFindings(findings: readonly AccessibilityFinding[]): string {
  return findings
    .map((finding) => {
      const shown = finding.targets.slice(0, 5).join(', ');
      const more = finding.targets.length > 5 ? ` and ${finding.targets.length - 5} more` : '';
      return `- [${finding.impact}] ${finding.rule}: ${finding.help} (${finding.targets.length}: ${shown}${more})\n    ${finding.summary.replace(/\n/g, '\n    ')}`;
    })
    .join('\n');
}

/** Fails with a readable list when axe finds anything critical or serious on the screen as it is now. */
export async function assertAccessible(page: Page, screen: string): Promise<void> {
  const blockingNow = async () => (await axeFindings(page)).filter((finding) => BLOCKING.includes(finding.impact));
  let blocking = await blockingNow();
  if (blocking.length > 0) {
    // axe takes a while to run; a toast whose time ran out meanwhile was measured halfway through
    // its fade (CI: an error toast read at 1.16:1 while it faded). What the page really shows is
    // still there when axe runs again on the settled page: only findings seen both times count.
    const again = await blockingNow();
    const key = (finding: AccessibilityFinding, target: string) => `${finding.rule} ${target}`;
    const seenAgain = new Set(again.flatMap((finding) => finding.targets.map((target) => key(finding, target))));
    blocking = blocking
      .map((finding) => ({ ...finding, targets: finding.targets.filter((target) => seenAgain.has(key(finding, target))) }))
      .filter((finding) => finding.targets.length > 0);
  }
  if (blocking.length > 0) {
    throw new Error(`${screen}: ${blocking.length} critical or serious accessibility finding(s):\n${describeFindings(blocking)}`);
  }
}
