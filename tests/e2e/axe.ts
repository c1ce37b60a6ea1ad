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

/** A phone's viewport (an iPhone 14's CSS pixels), the width every screen must work at. */
export const PHONE = { width: 390, height: 844 } as const;

/**
 * Runs `work` on the page as it is, narrowed to a phone's width, then gives the page its size
 * back: the same screen at 390 px without loading it again (the layout is CSS media queries; the
 * one listener on the viewport, the vessel page's orientation, follows a resize).
 */
export async function atPhoneWidth<T>(page: Page, work: () => Promise<T>): Promise<T> {
  const size = page.viewportSize();
  await page.setViewportSize(PHONE);
  try {
    await settled(page);
    return await work();
  } finally {
    if (size) await page.setViewportSize(size);
  }
}

/** Whether the page fits its viewport's width (no sideways scrolling on a phone). */
export const fitsWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

/** Whether an <img> has loaded (a refused picture, a 401, leaves it broken with naturalWidth 0). */
export const imageLoaded = (img: Locator) => img.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth > 0);
