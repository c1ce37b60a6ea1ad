import { createFileRoute } from '@tanstack/react-router';
import { NotificationSettingsForm } from '../../../../features/alerts/NotificationSettingsForm';
import { PhoneNumber } from '../../../../features/alerts/PhoneNumber';
import { PushDevices } from '../../../../features/alerts/PushDevices';
import { pageTitle } from '../../../../features/layout/documentTitle';
import { i18n } from '../../../../i18n';

export const Route = createFileRoute('/_authenticated/dashboard/profile/notifications')({
  head: () => pageTitle(i18n.t('common:titles.notifications')),
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
