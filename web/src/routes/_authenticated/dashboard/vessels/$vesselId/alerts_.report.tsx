import { createFileRoute } from '@tanstack/react-router';
import { ALARM_REPORT_MONTH_PATTERN } from '../../../../../../../contracts/alarm-report';
import { AlarmReportPage } from '../../../../../features/alerts/AlarmReportPage';
import { alertQueries } from '../../../../../features/alerts/queries';
import { pageTitle } from '../../../../../features/layout/documentTitle';
import { i18n } from '../../../../../i18n';
import { preload, requireVesselTab } from '../../../../../features/vessels/tabRoute';

/** `?month=YYYY-MM` (where the monthly e-mail's link lands); none: the last full month. */
interface ReportSearch {
  month?: string;
}

export const Route = createFileRoute('/_authenticated/dashboard/vessels/$vesselId/alerts_/report')({
  validateSearch: (search: Record<string, unknown>): ReportSearch =>
    typeof search.month === 'string' && ALARM_REPORT_MONTH_PATTERN.test(search.month) ? { month: search.month } : {},
  loaderDeps: ({ search: { month } }) => ({ month }),
  head: () => pageTitle(i18n.t('common:titles.monthlyAlarmReport')),
  loader: async ({ context: { queryClient }, params: { vesselId }, deps: { month } }) => {
    await requireVesselTab(queryClient, vesselId, 'alerts');
    await preload(queryClient, alertQueries.report(vesselId, month));
  },
  component: AlarmReportRoute,
});

function AlarmReportRoute() {
  const { vesselId } = Route.useParams();
  const { month } = Route.useSearch();
  const navigate = Route.useNavigate();
  return <AlarmReportPage vesselId={vesselId} month={month} onMonth={(next) => void navigate({ search: next ? { month: next } : {}, replace: true })} />;
}
