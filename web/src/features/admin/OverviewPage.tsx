import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useFormatters } from '../profile/usePreferences';
import { AdminHeader, ADMIN_SECTIONS } from './AdminLayout';
import { QueryState } from './ListControls';
import { adminQueries } from './queries';
import { Sparkline } from './Sparkline';
import type { DayCount, Overview } from './types';

type Say = (key: string, values?: Record<string, unknown>) => string;
type Number = (value: number, digits?: number) => string;

/** A series's meaning after the figure's name: the keys of `overview.per`. */
type Per = 'newPerDay' | 'perDay' | 'perMinute';

interface Figure {
  /** The figure's name: a key of `overview.figures`. */
  key: 'users' | 'vessels' | 'bridgesOnline' | 'activeAlarms' | 'ingestRate' | 'expiringSubscriptions' | 'errorReports' | 'health' | 'lastBackup';
  value: (overview: Overview, number: Number, t: Say) => string;
  /** A short series for the small chart, oldest first, and what one point is. */
  series?: (overview: Overview) => { values: number[]; per: Per };
  /** The list the figure opens, if there is one. */
  to?: string;
  /** The filter chip the list opens with. */
  filter?: string;
  warn?: (overview: Overview) => boolean;
}

const daily = (days: DayCount[], per: Per = 'perDay') => ({ values: days.map((d) => d.count), per });

const downParts = (o: Overview) =>
  Object.entries(o.operations.health)
    .filter(([, state]) => state === 'down')
    .map(([part]) => part);
const shortTime = (iso: string) => iso.replace('T', ' ').slice(0, 16);

function lastBackup(o: Overview, _number: Number, t: Say): string {
  const backups = o.operations.backups;
  if (!backups?.dir) return t('overview.backup.notScheduled');
  if (backups.lastError) return t('overview.backup.failed');
  return backups.lastAt ? shortTime(backups.lastAt) : t('overview.backup.noneYet');
}

const FIGURES: Figure[] = [
  {
    key: 'users',
    value: (o, number) => number(o.users.total),
    series: (o) => daily(o.series.newUsers, 'newPerDay'),
    to: '/dashboard/admin/users',
  },
  { key: 'vessels', value: (o, number) => number(o.vessels), series: (o) => daily(o.series.newVessels, 'newPerDay'), to: '/dashboard/admin/vessels' },
  {
    key: 'bridgesOnline',
    value: (o, number) => `${number(o.bridges.online)} / ${number(o.bridges.total)}`,
    to: '/dashboard/admin/bridges',
  },
  { key: 'activeAlarms', value: (o, number) => number(o.activeAlarms), warn: (o) => o.activeAlarms > 0, to: '/dashboard/admin/alerts' },
  {
    key: 'ingestRate',
    value: (o, number) => number(Math.round(o.ingest.messagesPerMinute)),
    series: (o) => ({ values: o.ingest.lastHour.map((m) => m.messages), per: 'perMinute' }),
    to: '/dashboard/admin/bridges',
  },
  {
    key: 'expiringSubscriptions',
    value: (o, number) => number(o.subscriptions.expiringThisMonth),
    warn: (o) => o.subscriptions.expiringThisMonth > 0,
    to: '/dashboard/admin/subscriptions',
    filter: 'expiring',
  },
  {
    key: 'errorReports',
    value: (o, number) => number(o.errorReportsThisWeek),
    series: (o) => daily(o.series.errorReports),
    to: '/dashboard/admin/error-reports',
  },
  {
    key: 'health',
    value: (o, _number, t) => (downParts(o).length ? t('overview.health.down') : t('overview.health.allUp')),
    warn: (o) => downParts(o).length > 0,
  },
  {
    key: 'lastBackup',
    value: lastBackup,
    warn: (o) => Boolean(o.operations.backups?.lastError) || !o.operations.backups?.dir,
  },
];

/** The sub-figures under a headline figure, where the overview has them. */
function details(key: Figure['key'], o: Overview, number: Number, t: Say): string | null {
  if (key === 'users')
    return t('overview.details.users', {
      active: number(o.users.active),
      pending: number(o.users.pending),
      admins: number(o.users.admins),
      count: o.users.admins,
    });
  if (key === 'bridgesOnline') return t('overview.details.paired', { count: o.bridges.paired, paired: number(o.bridges.paired) });
  if (key === 'expiringSubscriptions')
    return t('overview.details.subscriptions', { valid: number(o.subscriptions.valid), expired: number(o.subscriptions.expired) });
  if (key === 'health')
    return Object.entries(o.operations.health)
      .map(([part, state]) => t(state === 'up' ? 'overview.health.partUp' : 'overview.health.partDown', { part }))
      .join(', ');
  if (key === 'lastBackup') {
    const backups = o.operations.backups;
    if (!backups?.dir) return t('overview.backup.setDir');
    if (backups.lastError) return backups.lastError;
    const next = backups.nextAt ? t('overview.backup.next', { at: shortTime(backups.nextAt) }) : t('overview.backup.notPlanned');
    return backups.lastBytes === null ? next : t('overview.backup.sizeAndNext', { size: number(backups.lastBytes / 1024 / 1024, 1), next });
  }
  return null;
}

function FigureCard({ to, filter, children }: { to?: string; filter?: string; children: ReactNode }) {
  return to ? (
    <Link to={to} search={filter ? { filter } : {}} className="admin-figure">
      {children}
    </Link>
  ) : (
    <div className="admin-figure">{children}</div>
  );
}

/** The admin's home: the platform's headline figures with small charts, and a way into every list. */
export function OverviewPage() {
  const { t } = useTranslation('admin');
  const formatters = useFormatters();
  const number = (value: number, digits = 0) => value.toLocaleString(formatters.locale, { minimumFractionDigits: digits, maximumFractionDigits: digits });
  const overview = useQuery(adminQueries.overview());
  return (
    <>
      <AdminHeader title={t('overview.title')} />
      <section aria-labelledby="admin-figures-title">
        <h2 id="admin-figures-title" className="section-title">
          {t('overview.today')}
        </h2>
        <QueryState query={overview} what={t('overview.figuresName')}>
          {(data) => (
            <ul className="admin-figures">
              {FIGURES.map((figure) => {
                const series = figure.series?.(data);
                const detail = details(figure.key, data, number, t);
                const label = t(`overview.figures.${figure.key}`);
                return (
                  <li key={figure.key}>
                    <FigureCard to={figure.to} filter={figure.filter}>
                      <span className={`admin-figure__value${figure.warn?.(data) ? ' text-warning' : ''}`}>{figure.value(data, number, t)}</span>
                      <span className="admin-figure__label">{label}</span>
                      {detail ? <span className="muted">{detail}</span> : null}
                      {series ? (
                        <Sparkline values={series.values} label={t('overview.seriesLabel', { figure: label, per: t(`overview.per.${series.per}`) })} />
                      ) : null}
                    </FigureCard>
                  </li>
                );
              })}
            </ul>
          )}
        </QueryState>
      </section>
      <section aria-labelledby="admin-lists-title" className="admin-detail">
        <h2 id="admin-lists-title" className="section-title">
          {t('overview.lists')}
        </h2>
        <ul className="admin-links">
          {ADMIN_SECTIONS.slice(1).map((section) => (
            <li key={section.to}>
              <Link to={section.to} className="button button--small">
                {t(`sections.${section.key}`)}
              </Link>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
