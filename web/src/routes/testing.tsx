import { lazy, Suspense } from 'react';
import { createFileRoute, notFound } from '@tanstack/react-router';
import { PublicLayout } from '../features/layout/PublicLayout';
import { LoadingSplash } from '../features/loading/LoadingSplash';
import { pageTitle } from '../features/layout/documentTitle';

/** Built in only for the dev server and the end-to-end tests' build; elsewhere /testing is not found. */
const TestingPage =
  typeof __VESSEL_LINK_TESTING_PAGE__ !== 'undefined' && __VESSEL_LINK_TESTING_PAGE__
    ? lazy(() => import('../features/testing/TestingPage').then((module) => ({ default: module.TestingPage })))
    : null;

export const Route = createFileRoute('/testing')({
  head: () => pageTitle('Testing'),
  beforeLoad: () => {
    if (!TestingPage) throw notFound();
  },
  component: TestingRoute,
});

function TestingRoute() {
  if (!TestingPage) return null;
  return (
    <PublicLayout wide>
      <Suspense fallback={<LoadingSplash />}>
        <TestingPage />
      </Suspense>
    </PublicLayout>
  );
}
