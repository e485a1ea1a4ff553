import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/** WCAG 2.0 and 2.1, levels A and AA. */
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/**
 * Rules axe leaves off by default (or has shipped as experimental) that the site must pass.
 * Label in Name (WCAG 2.5.3): a link or button's accessible name holds its visible text, so
 * speech users can say what they see. Named here so no axe release drops it silently.
 */
const EXTRA_RULES = ['label-content-name-mismatch'];

/** axe over a page with the site's rules: WCAG 2.x A and AA, plus the extra rules above. */
export function siteAxe(page: Page): AxeBuilder {
  // options() replaces what withTags() sets, so the rules go first.
  return new AxeBuilder({ page })
    .options({
      rules: Object.fromEntries(EXTRA_RULES.map((rule) => [rule, { enabled: true }])),
    })
    .withTags(WCAG_TAGS);
}
