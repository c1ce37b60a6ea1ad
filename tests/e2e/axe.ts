/**
 * The axe-core check of tests/e2e/accessibility.test.ts for the role tests' own screens: serious
 * and critical violations only, every WCAG 2.1 A/AA rule in the light theme and the colour rules
 * in the dark one (the markup is the same in both), after the theme's transitions have ended.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from 'playwright-core';

export const THEMES = ['light', 'dark'] as const;
export type Theme = (typeof THEMES)[number];

const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

/** Waits for the page's finite animations and transitions to end. */
export const settled = (page: Page) =>
  page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );

/** The serious and critical violations on the page as it is now, each with the elements it was found on. */
export async function axeViolations(page: Page, theme: Theme): Promise<string[]> {
  await settled(page);
  const axe = new AxeBuilder({ page }).options({ resultTypes: ['violations'] }).setLegacyMode(true);
  const result = await (theme === 'light' ? axe.withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']) : axe.withRules(COLOUR_RULES)).analyze();
  return result.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.help} — ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

/** Whether the page fits its viewport's width (no sideways scrolling on a phone). */
export const fitsWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

/** Whether an <img> has loaded (a refused picture, a 401, leaves it broken with naturalWidth 0). */
export const imageLoaded = (img: Locator) => img.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth > 0);
