import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toast } from '../../app/services';
import { FormModal } from '../admin/FormModal';
import { errorFor, formFailure, type FormFailure } from '../admin/fieldErrors';
import { documentQueries } from '../documents/queries';
import { TextField } from '../forms/Field';
import { vesselKeys } from '../vessels/queries';
import { serviceActions } from './queries';
import type { ServiceItem } from './types';

const FIELDS = ['doneOn', 'runHours', 'doneBy', 'notes', 'documentIds'] as const;

/**
 * Logs a service done: when, at how many run hours, by whom, notes, and documents already on the
 * vessel's Documents tab (invoices, reports). The item's interval restarts from there.
 */
export function CompleteServiceModal({
  vesselId,
  item,
  canReadDocuments,
  onClose,
}: {
  vesselId: number;
  item: ServiceItem;
  canReadDocuments: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('service');
  const queryClient = useQueryClient();
  const documents = useQuery({ ...documentQueries.list(vesselId), enabled: canReadDocuments });
  const [doneOn, setDoneOn] = useState('');
  const [runHours, setRunHours] = useState(item.currentHours === null ? '' : String(item.currentHours));
  const [doneBy, setDoneBy] = useState('');
  const [notes, setNotes] = useState('');
  const [documentIds, setDocumentIds] = useState<number[]>([]);
  const [failure, setFailure] = useState<FormFailure | null>(null);

  const complete = useMutation({
    mutationFn: () =>
      serviceActions.complete(vesselId, item.id, {
        ...(doneOn ? { doneOn } : {}),
        ...(runHours.trim() !== '' ? { runHours: Number(runHours) } : {}),
        doneBy: doneBy.trim(),
        notes: notes.trim(),
        documentIds,
      }),
    onSuccess: () => {
      toast.success(t('complete.done', { item: item.name }));
      onClose();
      return queryClient.invalidateQueries({ queryKey: vesselKeys.section(vesselId, 'service') });
    },
    onError: (error) => setFailure(formFailure(t('complete.logging'), error, FIELDS)),
  });
  const toggle = (id: number) => setDocumentIds(documentIds.includes(id) ? documentIds.filter((d) => d !== id) : [...documentIds, id]);
  const notesId = `service-notes-${item.id}`;

  return (
    <FormModal
      title={t('complete.title', { item: item.name })}
      submitLabel={t('complete.submit')}
      pending={complete.isPending}
      failure={failure}
      dirty={Boolean(doneOn || doneBy || notes || documentIds.length)}
      onSubmit={() => complete.mutate()}
      onClose={onClose}
    >
      <div className="form__row">
        <TextField
          label={t('complete.doneOn')}
          type="date"
          value={doneOn}
          onChange={(e) => setDoneOn(e.target.value)}
          hint={t('todayIfEmpty')}
          error={errorFor(failure, 'doneOn')}
        />
        {item.engine !== null ? (
          <TextField
            label={t('runHoursThen')}
            type="number"
            min={0}
            value={runHours}
            onChange={(e) => setRunHours(e.target.value)}
            error={errorFor(failure, 'runHours')}
          />
        ) : null}
      </div>
      <TextField
        label={t('complete.doneBy')}
        maxLength={200}
        value={doneBy}
        onChange={(e) => setDoneBy(e.target.value)}
        placeholder={t('complete.doneByPlaceholder')}
        error={errorFor(failure, 'doneBy')}
      />
      <div className="field">
        <label htmlFor={notesId} className="field__label">
          {t('complete.notes')}
        </label>
        <textarea id={notesId} className="input" rows={3} maxLength={5000} value={notes} onChange={(e) => setNotes(e.target.value)} />
      </div>
      {canReadDocuments ? (
        <fieldset className="service-documents">
          <legend className="field__label">{t('complete.documents')}</legend>
          {documents.isSuccess && documents.data.length === 0 ? <p className="field__hint">{t('complete.noDocuments')}</p> : null}
          {documents.isError ? <p className="form-error">{t('complete.documentsFailed')}</p> : null}
          {(documents.data ?? []).map((d) => (
            <label key={d.id} className="checkbox">
              <input type="checkbox" checked={documentIds.includes(d.id)} onChange={() => toggle(d.id)} /> {d.name}
            </label>
          ))}
          {errorFor(failure, 'documentIds') ? <p className="field__error">{errorFor(failure, 'documentIds')}</p> : null}
        </fieldset>
      ) : null}
    </FormModal>
  );
}
