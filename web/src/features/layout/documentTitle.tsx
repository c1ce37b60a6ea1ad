import { useEffect } from 'react';
import { useRouterState } from '@tanstack/react-router';

export const PRODUCT_NAME = 'Vessel Link';

/** A route's `head`: its part of the document title ("Devices", a vessel's name). */
export const pageTitle = (title: string | undefined) => ({ meta: title ? [{ title }] : [] });

/**
 * Composes the tab's title from every matched route's part, the deepest first: "Devices · Sea
 * Breeze · Vessel Link". TanStack Router's HeadContent keeps only the deepest title, and a page is
 * found among many open tabs by all of its parts (docs/decisions.md, "Page titles").
 */
export function DocumentTitle() {
  const parts = useRouterState({
    select: (state) =>
      state.matches
        .flatMap((match) => match.meta ?? [])
        .map((meta) => meta?.title)
        .filter((title): title is string => Boolean(title))
        .join('\u0000'),
  });
  useEffect(() => {
    document.title = [...parts.split('\u0000').filter(Boolean).reverse(), PRODUCT_NAME].join(' · ');
  }, [parts]);
  return null;
}
