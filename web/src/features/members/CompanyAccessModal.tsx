import { useId, useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toast } from '../../app/services';
import { failureMessage } from '../../lib/failureMessage';
import { isoToZonedLocal, zonedLocalToIso } from '../../lib/dates';
import { SelectField, TextField } from '../forms/Field';
import { Modal } from '../modal/Modal';
import { usePreferences } from '../profile/usePreferences';
import { vesselKeys } from '../vessels/queries';
import { NO_PERMISSIONS, type PermissionSet } from '../vessels/types';
import { samePermissions } from './permissionFields';
import { PermissionTable } from './PermissionTable';
import { memberActions, memberQueries } from './queries';
import type { CompanyGrantInput, CompanyMember } from './types';
import './members.css';
import { RetryButton } from '../errors/RetryButton';

interface Props {
  vesselId: number;
  /** The grant to change; without it the dialog gives a new company access. */
  grant?: CompanyMember;
  /** Companies already on the vessel, left out of the picker. */
  present: number[];
  onClose: () => void;
}

/**
 * Giving a company access to chosen areas of the vessel, from a start to an end (both optional:
 * empty means from now, and until revoked), or changing such a grant. Times are in the user's zone.
 */
export function CompanyAccessModal({ vesselId, grant, present, onClose }: Props) {
  const { t } = useTranslation('members');
  const queryClient = useQueryClient();
  const { timeZone } = usePreferences();
  const formId = useId();
  const catalogue = useQuery({ ...memberQueries.catalogue(), enabled: !grant });
  const initialPermissions = { ...NO_PERMISSIONS, ...grant?.permissions };
  const initialStart = grant?.startsAt ? isoToZonedLocal(grant.startsAt, timeZone) : '';
  const initialEnd = grant?.endsAt ? isoToZonedLocal(grant.endsAt, timeZone) : '';
  const [companyId, setCompanyId] = useState('');
  const [permissions, setPermissions] = useState<PermissionSet>(initialPermissions);
  const [startsAt, setStartsAt] = useState(initialStart);
  const [endsAt, setEndsAt] = useState(initialEnd);
  const [open, setOpen] = useState(true);

  const save = useMutation({
    mutationFn: (input: CompanyGrantInput) =>
      grant ? memberActions.editCompanyGrant(vesselId, grant.companyId, input) : memberActions.addCompany(vesselId, Number(companyId), input),
    onSuccess: () => {
      toast.success(grant ? t('company.saved') : t('company.given'));
      void queryClient.invalidateQueries({ queryKey: vesselKeys.section(vesselId, 'directory') });
      setOpen(false);
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!grant && !companyId) return;
    // An unchanged end is not sent again: an expired grant's permissions can change without extending it.
    const window = (local: string, initial: string) => (grant && local === initial ? undefined : (zonedLocalToIso(local, timeZone) ?? null));
    save.mutate({ permissions, startsAt: window(startsAt, initialStart), endsAt: window(endsAt, initialEnd) });
  };
  const dirty = !samePermissions(initialPermissions, permissions) || startsAt !== initialStart || endsAt !== initialEnd || companyId !== '';
  const options = (catalogue.data ?? [])
    .filter((company) => !present.includes(company.id))
    .sort((a, b) => a.name.localeCompare(b.name))
    .map((company) => ({
      value: String(company.id),
      label: t('company.option', { name: company.name, kind: t(`kinds.${company.kind}`, { defaultValue: company.kind }) }),
    }));

  return (
    <Modal
      open={open}
      title={grant ? t('company.accessOf', { name: grant.name }) : t('company.give')}
      onClose={onClose}
      dirty={dirty && !save.isSuccess}
      footer={
        <>
          <button type="button" className="button" onClick={() => setOpen(false)}>
            {t('company.cancel')}
          </button>
          <button type="submit" form={formId} className="button button--primary" disabled={save.isPending || (!grant && !companyId)}>
            {save.isPending ? t('dialog.saving') : grant ? t('dialog.save') : t('company.giveAccess')}
          </button>
        </>
      }
    >
      <form id={formId} className="company-access" onSubmit={submit} noValidate>
        {save.isError ? (
          <p className="form-error" role="alert">
            {failureMessage(save.error, t('company.saveFailed'))}
          </p>
        ) : null}
        {grant ? null : catalogue.isError ? (
          <p className="form-error" role="alert">
            {t('company.loadFailed')} <RetryButton error={catalogue.error} onRetry={() => catalogue.refetch()} />
          </p>
        ) : (
          <SelectField
            label={t('company.company')}
            required
            value={companyId}
            onChange={(event) => setCompanyId(event.target.value)}
            options={options}
            placeholder={catalogue.isPending ? t('company.loading') : options.length ? t('company.choose') : t('company.noneLeft')}
            disabled={catalogue.isPending}
          />
        )}
        <div className="company-access__window">
          <TextField
            label={t('company.starts', { zone: timeZone })}
            type="datetime-local"
            value={startsAt}
            onChange={(event) => setStartsAt(event.target.value)}
            hint={t('company.startsHint')}
          />
          <TextField
            label={t('company.ends', { zone: timeZone })}
            type="datetime-local"
            value={endsAt}
            onChange={(event) => setEndsAt(event.target.value)}
            hint={t('company.endsHint')}
          />
        </div>
        <PermissionTable permissions={permissions} onChange={setPermissions} />
      </form>
    </Modal>
  );
}
