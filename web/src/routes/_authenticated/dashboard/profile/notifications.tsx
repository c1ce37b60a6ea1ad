import { createFileRoute } from '@tanstack/react-router';
import { NotificationSettingsForm } from '../../../../features/alerts/NotificationSettingsForm';
import { PhoneNumber } from '../../../../features/alerts/PhoneNumber';
import { PushDevices } from '../../../../features/alerts/PushDevices';
import { pageTitle } from '../../../../features/layout/documentTitle';

export const Route = createFileRoute('/_authenticated/dashboard/profile/notifications')({
  head: () => pageTitle('Notifications'),
  component: NotificationsPage,
});

function NotificationsPage() {
  return (
    <>
      <NotificationSettingsForm />
      <PushDevices />
      <PhoneNumber />
    </>
  );
}
