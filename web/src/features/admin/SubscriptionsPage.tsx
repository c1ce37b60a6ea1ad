import { useQuery } from '@tanstack/react-query';
import { AdminHeader } from './AdminLayout';
import { FilterChips, PagedTable, SearchBox, type Column, type SetSearch } from './ListControls';
import { formatDate } from './format';
import { pageLocally, type ListSearch } from './listSearch';
import { adminQueries } from './queries';
import { SUBSCRIPTION_STATES, type Subscription, type SubscriptionState } from './types';

const CHIPS = [
  { value: 'valid', label: 'Valid' },
  { value: 'expiring', label: 'Expiring this month' },
  { value: 'expired', label: 'Expired' },
  { value: 'none', label: 'No subscription' },
];

const LABELS: Record<SubscriptionState, string> = { valid: 'Valid', expiring: 'Expiring', expired: 'Expired', none: 'None' };

const isState = (value: string | undefined): value is SubscriptionState => (SUBSCRIPTION_STATES as readonly string[]).includes(value ?? '');

/** Every vessel's subscription state as the server works it out (docs/api.md "Admin console"). */
export function SubscriptionsPage({ search, setSearch }: { search: ListSearch; setSearch: SetSearch }) {
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
    { key: 'vesselName', label: 'Vessel', sortable: true, render: (s) => s.vesselName || `#${s.vesselId}` },
    { key: 'products', label: 'Products', render: (s) => s.productIds.map((id) => productName.get(id) ?? `#${id}`).join(', ') },
    { key: 'validFrom', label: 'From', sortable: true, render: (s) => (s.validFrom ? formatDate(s.validFrom) : '—') },
    { key: 'validUntil', label: 'Until', sortable: true, render: (s) => (s.validUntil ? formatDate(s.validUntil) : '—') },
    { key: 'daysLeft', label: 'Days left', sortable: true, render: (s) => (s.daysLeft === null ? '—' : s.daysLeft) },
    {
      key: 'state',
      label: 'State',
      render: (s) => (
        <span className={`chip${s.state === 'expired' || s.state === 'none' ? ' chip--neutral' : s.state === 'expiring' ? ' chip--warning' : ''}`}>
          {LABELS[s.state]}
        </span>
      ),
    },
    { key: 'voucher', label: 'Voucher', render: (s) => (s.voucherId ? `#${s.voucherId}` : '—') },
  ];
  return (
    <>
      <AdminHeader title="Subscriptions" />
      <div className="admin-toolbar">
        <SearchBox search={search} setSearch={setSearch} label="Search by vessel" />
        <FilterChips chips={CHIPS} search={search} setSearch={setSearch} label="Subscription state" />
      </div>
      <PagedTable
        what="Subscriptions"
        query={page}
        columns={columns}
        rowKey={(s) => s.vesselId}
        search={search}
        setSearch={setSearch}
        empty="No vessel matches."
        defaultSort="validUntil,asc"
      />
    </>
  );
}
