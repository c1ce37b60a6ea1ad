import { createFileRoute } from '@tanstack/react-router';
import { NotificationSettingsForm } from '../../../../features/alerts/NotificationSettingsForm';
import { PushDevices } from '../../../../features/alerts/PushDevices';

export const Route = createFileRoute('/_authenticated/dashboard/profile/notifications')({
  component: NotificationsPage,
});

function NotificationsPage() {
  return (
    <>
      <NotificationSettingsForm />
      <PushDevices />
    </>
  );
}
