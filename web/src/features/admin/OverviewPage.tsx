import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { AdminHeader, ADMIN_SECTIONS } from './AdminLayout';
import { QueryState } from './ListControls';
import { adminQueries } from './queries';
import { Sparkline } from './Sparkline';
import type { DayCount, Overview } from './types';

interface Figure {
  label: string;
  value: (overview: Overview) => string;
  /** A short series for the small chart, oldest first, and what one point is. */
  series?: (overview: Overview) => { values: number[]; per: string };
  /** The list the figure opens, if there is one. */
  to?: string;
  /** The filter chip the list opens with. */
  filter?: string;
  warn?: (overview: Overview) => boolean;
}

const number = (value: number) => value.toLocaleString('en-GB');
const daily = (days: DayCount[], what = 'per day') => ({ values: days.map((d) => d.count), per: `${what}, last 14 days` });

const downParts = (o: Overview) =>
  Object.entries(o.operations.health)
    .filter(([, state]) => state === 'down')
    .map(([part]) => part);
const shortTime = (iso: string) => iso.replace('T', ' ').slice(0, 16);

function lastBackup(o: Overview): string {
  const backups = o.operations.backups;
  if (!backups?.dir) return 'Not scheduled';
  if (backups.lastError) return 'Failed';
  return backups.lastAt ? shortTime(backups.lastAt) : 'None yet';
}

const FIGURES: Figure[] = [
  {
    label: 'Users',
    value: (o) => number(o.users.total),
    series: (o) => daily(o.series.newUsers, 'new ones per day'),
    to: '/dashboard/admin/users',
  },
  { label: 'Vessels', value: (o) => number(o.vessels), series: (o) => daily(o.series.newVessels, 'new ones per day'), to: '/dashboard/admin/vessels' },
  {
    label: 'Bridges online',
    value: (o) => `${number(o.bridges.online)} / ${number(o.bridges.total)}`,
    to: '/dashboard/admin/bridges',
  },
  { label: 'Active alarms', value: (o) => number(o.activeAlarms), warn: (o) => o.activeAlarms > 0, to: '/dashboard/admin/alerts' },
  {
    label: 'Ingest rate (messages/min)',
    value: (o) => number(Math.round(o.ingest.messagesPerMinute)),
    series: (o) => ({ values: o.ingest.lastHour.map((m) => m.messages), per: 'per minute, last hour' }),
    to: '/dashboard/admin/bridges',
  },
  {
    label: 'Subscriptions expiring this month',
    value: (o) => number(o.subscriptions.expiringThisMonth),
    warn: (o) => o.subscriptions.expiringThisMonth > 0,
    to: '/dashboard/admin/subscriptions',
    filter: 'expiring',
  },
  {
    label: 'Error reports this week',
    value: (o) => number(o.errorReportsThisWeek),
    series: (o) => daily(o.series.errorReports),
    to: '/dashboard/admin/error-reports',
  },
  {
    label: 'Service health',
    value: (o) => (downParts(o).length ? 'Down' : 'All up'),
    warn: (o) => downParts(o).length > 0,
  },
  {
    label: 'Last backup (UTC)',
    value: lastBackup,
    warn: (o) => Boolean(o.operations.backups?.lastError) || !o.operations.backups?.dir,
  },
];

/** The sub-figures under a headline figure, where the overview has them. */
function details(label: string, o: Overview): string | null {
  if (label === 'Users')
    return `${number(o.users.active)} active, ${number(o.users.pending)} pending, ${number(o.users.admins)} ${o.users.admins === 1 ? 'admin' : 'admins'}`;
  if (label === 'Bridges online') return `${number(o.bridges.paired)} paired with a vessel`;
  if (label === 'Subscriptions expiring this month') return `${number(o.subscriptions.valid)} valid, ${number(o.subscriptions.expired)} expired`;
  if (label === 'Service health')
    return Object.entries(o.operations.health)
      .map(([part, state]) => `${part} ${state}`)
      .join(', ');
  if (label === 'Last backup (UTC)') {
    const backups = o.operations.backups;
    if (!backups?.dir) return 'Set BACKUP_DIR to take backups on a schedule';
    if (backups.lastError) return backups.lastError;
    const size = backups.lastBytes === null ? '' : `${(backups.lastBytes / 1024 / 1024).toFixed(1)} MB; `;
    return `${size}next ${backups.nextAt ? shortTime(backups.nextAt) : 'not planned'}`;
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
  const overview = useQuery(adminQueries.overview());
  return (
    <>
      <AdminHeader title="Administration" />
      <section aria-labelledby="admin-figures-title">
        <h2 id="admin-figures-title" className="section-title">
          Platform today
        </h2>
        <QueryState query={overview} what="The platform figures">
          {(data) => (
            <ul className="admin-figures">
              {FIGURES.map((figure) => {
                const series = figure.series?.(data);
                const detail = details(figure.label, data);
                return (
                  <li key={figure.label}>
                    <FigureCard to={figure.to} filter={figure.filter}>
                      <span className={`admin-figure__value${figure.warn?.(data) ? ' text-warning' : ''}`}>{figure.value(data)}</span>
                      <span className="admin-figure__label">{figure.label}</span>
                      {detail ? <span className="muted">{detail}</span> : null}
                      {series ? <Sparkline values={series.values} label={`${figure.label}, ${series.per}`} /> : null}
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
          Lists
        </h2>
        <ul className="admin-links">
          {ADMIN_SECTIONS.slice(1).map((section) => (
            <li key={section.to}>
              <Link to={section.to} className="button button--small">
                {section.label}
              </Link>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
