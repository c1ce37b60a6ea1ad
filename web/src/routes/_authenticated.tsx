import { createFileRoute, Outlet } from '@tanstack/react-router';
import { requireSession } from '../features/session/guards';

/** Every route below needs a signed-in session; others are sent to the login page. */
export const Route = createFileRoute('/_authenticated')({
  beforeLoad: ({ context, location }) => requireSession(context.session, location.href),
  component: Outlet,
});
