import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.js';
import { openAsAdmin } from './admin.js';
import { siteAxe } from './axe.js';
import { ADMIN_SCREENS, adminScreenPath } from './admin-pages.js';
import { openSettled, pathOf, PUBLIC_PAGES, signInFreshUser, useStoredTheme } from './pages.js';

/** axe's WCAG checks with Label in Name (e2e/axe.ts). Only serious and critical findings fail. */
const BLOCKING = new Set(['serious', 'critical']);

for (const theme of ['light', 'dark'] as const) {
  test.describe(`accessibility, ${theme} theme`, () => {
    for (const target of PUBLIC_PAGES) {
      test(`${target.name}: no serious or critical violation`, async ({ page }) => {
        const path = await pathOf(page.request, target);
        await useStoredTheme(page, theme);
        if (target.signedIn) await signInFreshUser(page);
        await openSettled(page, path);
        await expectNoBlockingViolations(page, `${target.name} (${theme}) ${path}`, theme);
      });
    }
    for (const target of ADMIN_SCREENS) {
      test(`${target.name}: no serious or critical violation`, async ({ page }) => {
        const path = await adminScreenPath(page.request, target);
        await useStoredTheme(page, theme);
        if (target.signedIn) await openAsAdmin(page, path);
        await openSettled(page, path);
        await expectNoBlockingViolations(page, `${target.name} (${theme}) ${path}`, theme);
      });
    }
  });
}

/** Runs axe; prints every finding and fails on serious or critical ones. */
async function expectNoBlockingViolations(page: Page, label: string, theme: string) {
  await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
  const { violations } = await siteAxe(page).analyze();
  const report = violations.map((violation) => {
    const nodes = violation.nodes
      .slice(0, 5)
      .map((node) => `    ${node.target.join(' ')}\n      ${node.failureSummary ?? ''}`);
    return `[${violation.impact}] ${violation.id}: ${violation.help}\n${nodes.join('\n')}`;
  });
  if (report.length > 0) {
    console.log(`axe: ${label}\n${report.join('\n')}`);
  }
  const blocking = violations
    .filter((violation) => BLOCKING.has(violation.impact ?? ''))
    .map((violation) => violation.id);
  expect(blocking, report.join('\n')).toEqual([]);
}
