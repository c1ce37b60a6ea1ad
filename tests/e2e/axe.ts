/**
 * The axe-core check of the accessibility scans (tests/e2e/accessibility*.test.ts) and of the role
 * tests' own screens: serious and critical violations only, every WCAG 2.1 A/AA rule in the light
 * theme and the colour rules in the dark one (the markup is the same in both), after the theme's
 * transitions have ended.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

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
  // Violations only: axe then builds no selector for each of the thousands of elements that pass.
  // Legacy mode runs axe in the page itself instead of finishing each run in a new blank page (the
  // default, for cross-origin frames, which these screens do not have): a third of a scan's time.
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

/** A desktop's viewport, the width a screen is loaded at before its phone's scan. */
export const DESKTOP = { width: 1280, height: 900 } as const;
export const BOTH_WIDTHS = [DESKTOP, PHONE];

/**
 * Scans a screen in each theme at each width, loaded once: the light theme at each width, then
 * the browser's colour scheme switched to dark (the app follows the device's setting as it
 * changes) and scanned again at each width. The phone's scan is the same page narrowed (the layout
 * is CSS media queries, which reflow at once), not a second load. `ready` waits for what the
 * screen must show (and may open a dialog) before the first scan.
 */
export async function scanScreen(
  page: Page,
  url: string,
  ready: (page: Page) => Promise<void>,
  widths: ReadonlyArray<{ width: number; height: number }> = BOTH_WIDTHS,
): Promise<void> {
  const { pathname, search } = new URL(url);
  const path = pathname + search;
  await page.emulateMedia({ colorScheme: THEMES[0] });
  await page.setViewportSize(widths[0]!);
  await page.goto(url);
  await ready(page);
  for (const theme of THEMES) {
    await page.emulateMedia({ colorScheme: theme });
    await page.waitForFunction((expected) => document.documentElement.dataset.theme === expected, theme);
    // The light theme from the widest width down, the dark one back up: one resize fewer.
    for (const size of theme === THEMES[0] ? widths : [...widths].reverse()) {
      await page.setViewportSize(size);
      const width = size.width;
      expect({ path, theme, width, violations: await axeViolations(page, theme) }).toEqual({ path, theme, width, violations: [] });
      // On the phone a screen must also fit its width, without sideways scrolling.
      if (width === PHONE.width && theme === 'light') expect({ path, fitsWidth: await fitsWidth(page) }).toEqual({ path, fitsWidth: true });
    }
  }
}

/** Waits for a heading with this name: what most screens show once they are ready. */
export const heading = (name: string | RegExp) => (page: Page) => page.getByRole('heading', { name }).first().waitFor();
