import { useState } from 'react';
import { Link } from '@tanstack/react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
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
  const queryClient = useQueryClient();
  const vendors = useQuery({ queryKey: vendorKeys.all, queryFn: () => api.get<Vendor[]>('profile/vendors') });
  const [pausing, setPausing] = useState<Vendor | null>(null);
  const change = useMutation({
    mutationFn: ({ vendor, enabled }: { vendor: Vendor; enabled: boolean }) => api.post<unknown>(`profile/vendors/${vendor.id}/${enabled}`),
    onSuccess: (_data, { vendor, enabled }) => {
      toast.success(enabled ? `${vendor.name} has its access again` : `${vendor.name} is paused on all your vessels`);
      setPausing(null);
      return queryClient.invalidateQueries({ queryKey: vendorKeys.all });
    },
    onError: (error) => reportActionFailure('Changing the company’s access', error),
  });
  return (
    <section className="card" aria-labelledby="vendors-title">
      <h2 id="vendors-title">Companies with access</h2>
      <p className="muted">Dealers and contractors you gave access to your vessels. Pausing one stops its access to all of them until you resume it.</p>
      <DelayedSpinner loading={vendors.isPending} label="Loading the companies…" />
      {vendors.isError ? (
        <p className="form-error" role="alert">
          {failureMessage(vendors.error, 'The companies could not be loaded.')} <RetryButton error={vendors.error} onRetry={() => vendors.refetch()} />
        </p>
      ) : null}
      {vendors.isSuccess && vendors.data.length === 0 ? <p className="empty-state">No company has access to your vessels.</p> : null}
      {vendors.isSuccess && vendors.data.length > 0 ? (
        <ul className="list" aria-label="Companies with access">
          {vendors.data.map((vendor) => (
            <li key={vendor.id} className="list__item">
              <span>
                <strong>{vendor.name}</strong>
                {vendor.kind ? <span className="muted capitalize"> · {vendor.kind}</span> : null}
                {vendor.enabled ? null : <span className="chip chip--warning"> Paused</span>}
                <VendorVessels vendor={vendor} />
              </span>
              <button
                type="button"
                className="button button--small"
                disabled={change.isPending}
                onClick={() => (vendor.enabled ? setPausing(vendor) : change.mutate({ vendor, enabled: true }))}
              >
                {vendor.enabled ? 'Pause' : 'Resume'}
                <span className="visually-hidden"> {vendor.name}</span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {pausing ? (
        <ConfirmModal
          title={`Pause ${pausing.name}?`}
          confirmLabel="Pause access"
          pending={change.isPending}
          onConfirm={() => change.mutate({ vendor: pausing, enabled: false })}
          onClose={() => setPausing(null)}
        >
          <p>
            {pausing.name} loses access to {pausing.vesselCount === 1 ? 'your vessel' : `your ${pausing.vesselCount} vessels`} until you resume it. Its grants
            stay as they are.
          </p>
        </ConfirmModal>
      ) : null}
    </section>
  );
}

function VendorVessels({ vendor }: { vendor: Vendor }) {
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
        {vendor.vesselCount === 1 ? '1 vessel' : `${vendor.vesselCount} vessels`}
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
      {open && vessels.isPending ? <span className="muted">Loading…</span> : null}
      {open && vessels.isError ? <span className="form-error">{failureMessage(vessels.error, 'The vessels could not be loaded.')}</span> : null}
    </span>
  );
}
