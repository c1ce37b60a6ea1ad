import { createFileRoute } from '@tanstack/react-router';
import { PublicLayout } from '../features/layout/PublicLayout';
import { TestingPage } from '../features/testing/TestingPage';

export const Route = createFileRoute('/testing')({
  component: () => (
    <PublicLayout wide>
      <TestingPage />
    </PublicLayout>
  ),
});
