import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { AdminHeader } from './AdminLayout';
import { FilterChips, PagedTable, SearchBox, type Column, type SetSearch } from './ListControls';
import { formatDate } from './format';
import { pageLocally, type ListSearch } from './listSearch';
import { adminQueries } from './queries';
import { SUBSCRIPTION_STATES, type Subscription, type SubscriptionState } from './types';

const FILTERS = ['valid', 'expiring', 'expired', 'none'] as const satisfies readonly SubscriptionState[];

const isState = (value: string | undefined): value is SubscriptionState => (SUBSCRIPTION_STATES as readonly string[]).includes(value ?? '');

/** Every vessel's subscription state as the server works it out (docs/api.md "Admin console"). */
export function SubscriptionsPage({ search, setSearch }: { search: ListSearch; setSearch: SetSearch }) {
  const { t } = useTranslation('admin');
  const chips = FILTERS.map((value) => ({ value, label: t(`subscriptions.filters.${value}`) }));
  const subscriptions = useQuery(adminQueries.subscriptions(isState(search.filter) ? search.filter : undefined));
  const products = useQuery(adminQueries.products());
  const productName = new Map((products.data ?? []).map((p) => [p.id, p.name]));
  const page = {
    ...subscriptions,
    data: subscriptions.data
      ? pageLocally(subscriptions.data, search, {
          text: (s) => `${s.vesselName ?? ''} #${s.vesselId}`,
          sortBy: {
            vesselName: (s) => s.vesselName.toLowerCase(),
            validFrom: (s) => s.validFrom,
            validUntil: (s) => s.validUntil,
            daysLeft: (s) => s.daysLeft,
          },
          filter: (s, filter) => s.state === filter,
          defaultSort: 'validUntil,asc',
        })
      : undefined,
  };
  const columns: Column<Subscription>[] = [
    { key: 'vesselName', label: t('subscriptions.columns.vessel'), sortable: true, render: (s) => s.vesselName || `#${s.vesselId}` },
    { key: 'products', label: t('subscriptions.columns.products'), render: (s) => s.productIds.map((id) => productName.get(id) ?? `#${id}`).join(', ') },
    { key: 'validFrom', label: t('subscriptions.columns.from'), sortable: true, render: (s) => (s.validFrom ? formatDate(s.validFrom) : '—') },
    { key: 'validUntil', label: t('subscriptions.columns.until'), sortable: true, render: (s) => (s.validUntil ? formatDate(s.validUntil) : '—') },
    { key: 'daysLeft', label: t('subscriptions.columns.daysLeft'), sortable: true, render: (s) => (s.daysLeft === null ? '—' : s.daysLeft) },
    {
      key: 'state',
      label: t('subscriptions.columns.state'),
      render: (s) => (
        <span className={`chip${s.state === 'expired' || s.state === 'none' ? ' chip--neutral' : s.state === 'expiring' ? ' chip--warning' : ''}`}>
          {t(`subscriptions.states.${s.state}`)}
        </span>
      ),
    },
    { key: 'voucher', label: t('subscriptions.columns.voucher'), render: (s) => (s.voucherId ? `#${s.voucherId}` : '—') },
  ];
  return (
    <>
      <AdminHeader title={t('subscriptions.title')} />
      <div className="admin-toolbar">
        <SearchBox search={search} setSearch={setSearch} label={t('subscriptions.search')} />
        <FilterChips chips={chips} search={search} setSearch={setSearch} label={t('subscriptions.state')} />
      </div>
      <PagedTable
        what={t('subscriptions.what')}
        query={page}
        columns={columns}
        rowKey={(s) => s.vesselId}
        search={search}
        setSearch={setSearch}
        empty={t('subscriptions.empty')}
        defaultSort="validUntil,asc"
      />
    </>
  );
}
