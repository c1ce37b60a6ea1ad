import { useState } from 'react';
import { Link } from '@tanstack/react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Vendor } from '../../../../contracts/vessels';
import { toast } from '../../app/services';
import { reportActionFailure } from '../../app/failures';
import { api } from '../../lib/api';
import { failureMessage } from '../../lib/failureMessage';
import { RetryButton } from '../errors/RetryButton';
import { DelayedSpinner } from '../loading/DelayedSpinner';
import { ConfirmModal } from '../modal/ConfirmModal';

const vendorKeys = { all: ['profile', 'vendors'] as const, vessels: (id: number) => ['profile', 'vendors', id, 'vessels'] as const };

/**
 * The companies that look after the owner's vessels (dealers, contractors): each can be paused
 * across all of the owner's vessels at once, and shows which vessels it reaches (GET profile/vendors).
 */
export function VendorsPage() {
  const { t } = useTranslation('profile');
  const queryClient = useQueryClient();
  const vendors = useQuery({ queryKey: vendorKeys.all, queryFn: () => api.get<Vendor[]>('profile/vendors') });
  const [pausing, setPausing] = useState<Vendor | null>(null);
  const change = useMutation({
    mutationFn: ({ vendor, enabled }: { vendor: Vendor; enabled: boolean }) => api.post<unknown>(`profile/vendors/${vendor.id}/${enabled}`),
    onSuccess: (_data, { vendor, enabled }) => {
      toast.success(enabled ? t('vendors.resumed', { name: vendor.name }) : t('vendors.pausedAll', { name: vendor.name }));
      setPausing(null);
      return queryClient.invalidateQueries({ queryKey: vendorKeys.all });
    },
    onError: (error) => reportActionFailure(t('vendors.changing'), error),
  });
  return (
    <section className="card" aria-labelledby="vendors-title">
      <h2 id="vendors-title">{t('vendors.title')}</h2>
      <p className="muted">{t('vendors.intro')}</p>
      <DelayedSpinner loading={vendors.isPending} label={t('vendors.loading')} />
      {vendors.isError ? (
        <p className="form-error" role="alert">
          {failureMessage(vendors.error, t('vendors.loadFailed'))} <RetryButton error={vendors.error} onRetry={() => vendors.refetch()} />
        </p>
      ) : null}
      {vendors.isSuccess && vendors.data.length === 0 ? <p className="empty-state">{t('vendors.empty')}</p> : null}
      {vendors.isSuccess && vendors.data.length > 0 ? (
        <ul className="list" aria-label={t('vendors.title')}>
          {vendors.data.map((vendor) => (
            <li key={vendor.id} className="list__item">
              <span>
                <strong>{vendor.name}</strong>
                {vendor.kind ? <span className="muted capitalize"> · {vendor.kind}</span> : null}
                {vendor.enabled ? null : <span className="chip chip--warning"> {t('vendors.paused')}</span>}
                <VendorVessels vendor={vendor} />
              </span>
              <button
                type="button"
                className="button button--small"
                disabled={change.isPending}
                onClick={() => (vendor.enabled ? setPausing(vendor) : change.mutate({ vendor, enabled: true }))}
                aria-label={vendor.enabled ? t('vendors.pauseOf', { name: vendor.name }) : t('vendors.resumeOf', { name: vendor.name })}
              >
                {vendor.enabled ? t('vendors.pause') : t('vendors.resume')}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {pausing ? (
        <ConfirmModal
          title={t('vendors.pauseTitle', { name: pausing.name })}
          confirmLabel={t('vendors.pauseConfirm')}
          pending={change.isPending}
          onConfirm={() => change.mutate({ vendor: pausing, enabled: false })}
          onClose={() => setPausing(null)}
        >
          <p>{t('vendors.pauseText', { name: pausing.name, count: pausing.vesselCount })}</p>
        </ConfirmModal>
      ) : null}
    </section>
  );
}

function VendorVessels({ vendor }: { vendor: Vendor }) {
  const { t } = useTranslation('profile');
  const [open, setOpen] = useState(false);
  const vessels = useQuery({
    queryKey: vendorKeys.vessels(vendor.id),
    queryFn: () => api.get<Array<{ id: number; name: string }>>(`profile/vendors/${vendor.id}/vesselList`),
    enabled: open,
  });
  return (
    <span className="vendor__vessels">
      {' '}
      <button type="button" className="button button--ghost button--small" aria-expanded={open} onClick={() => setOpen(!open)}>
        {t('vendors.vessels', { count: vendor.vesselCount })}
      </button>
      {open && vessels.isSuccess ? (
        <span className="muted">
          {vessels.data.map((vessel, index) => (
            <span key={vessel.id}>
              {index > 0 ? ', ' : ''}
              <Link to="/dashboard/vessels/$vesselId/users" params={{ vesselId: vessel.id }}>
                {vessel.name}
              </Link>
            </span>
          ))}
        </span>
      ) : null}
      {open && vessels.isPending ? <span className="muted">{t('vendors.loadingVessels')}</span> : null}
      {open && vessels.isError ? <span className="form-error">{failureMessage(vessels.error, t('vendors.vesselsFailed'))}</span> : null}
    </span>
  );
}
