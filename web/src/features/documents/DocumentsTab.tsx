import { useRef, useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toast } from '../../app/services';
import { reportActionFailure } from '../../app/failures';
import { isApiError } from '../../lib/api';
import { DOCUMENT_UPLOAD, uploadFailure, uploadProblem } from '../../lib/uploads';
import { ConfirmModal } from '../modal/ConfirmModal';
import type { VesselDocument } from '../../../../contracts/documents';
import { SelectField, TextField } from '../forms/Field';
import { DelayedSpinner } from '../loading/DelayedSpinner';
import { useFormatters } from '../profile/usePreferences';
import { vesselKeys } from '../vessels/queries';
import { Linked } from '../links/Linked';
import { formatBytes } from '../../lib/bytes';
import { documentActions, documentPath, documentQueries } from './queries';
import { RetryButton } from '../errors/RetryButton';

export function DocumentsTab({ vesselId, canManage }: { vesselId: number; canManage: boolean }) {
  const { t } = useTranslation('documents');
  const queryClient = useQueryClient();
  const documents = useQuery(documentQueries.list(vesselId));
  const categories = useQuery(documentQueries.categories());
  const format = useFormatters();
  const fileInput = useRef<HTMLInputElement>(null);
  const [name, setName] = useState('');
  const [categoryId, setCategoryId] = useState('');
  const [fileError, setFileError] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<VesselDocument | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: vesselKeys.section(vesselId, 'documents') });
  const categoryName = (id: number | null) => categories.data?.find((category) => category.id === id)?.name ?? '';

  const upload = useMutation({
    mutationFn: (file: File) => documentActions.upload(vesselId, file, name.trim() || file.name, categoryId === '' ? null : Number(categoryId)),
    onSuccess: () => {
      toast.success(t('tab.uploaded'));
      setName('');
      setFileError(null);
      if (fileInput.current) fileInput.current.value = '';
      return refresh();
    },
    onError: (error) => {
      const explained = uploadFailure(isApiError(error) ? error.status : null, DOCUMENT_UPLOAD);
      if (explained) setFileError(explained);
      else reportActionFailure(t('tab.uploading'), error);
    },
  });
  const remove = useMutation({
    mutationFn: (documentId: number) => documentActions.remove(vesselId, documentId),
    onSuccess: () => {
      toast.success(t('tab.deleted'));
      setDeleting(null);
      return refresh();
    },
    onError: (error) => reportActionFailure(t('tab.deleting'), error),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const file = fileInput.current?.files?.[0];
    if (!file) return;
    const problem = uploadProblem(file, DOCUMENT_UPLOAD);
    setFileError(problem);
    if (!problem) upload.mutate(file);
  };

  return (
    <div className="documents">
      <StorageUse vesselId={vesselId} />
      {canManage ? (
        <form className="card form" onSubmit={submit}>
          <h2>{t('tab.addTitle')}</h2>
          <div className="field">
            <label htmlFor="document-file" className="field__label">
              {t('tab.file')}
            </label>
            <input
              id="document-file"
              ref={fileInput}
              className="input"
              type="file"
              required
              aria-describedby="document-file-hint"
              onChange={() => setFileError(null)}
            />
            <p id="document-file-hint" className="field__hint">
              {t('tab.fileHint', { megabytes: DOCUMENT_UPLOAD.maxBytes / 1024 / 1024 })}
            </p>
            {fileError ? (
              <p className="field__error" role="alert">
                {fileError}
              </p>
            ) : null}
          </div>
          <div className="form__row">
            <TextField label={t('tab.name')} value={name} onChange={(event) => setName(event.target.value)} placeholder={t('tab.namePlaceholder')} />
            <SelectField
              label={t('tab.category')}
              placeholder={t('tab.noCategory')}
              value={categoryId}
              onChange={(event) => setCategoryId(event.target.value)}
              options={(categories.data ?? []).map((category) => ({ value: String(category.id), label: category.name }))}
            />
          </div>
          <div className="button-row">
            <button type="submit" className="button button--primary" disabled={upload.isPending}>
              {upload.isPending ? t('tab.uploadingButton') : t('tab.upload')}
            </button>
          </div>
        </form>
      ) : null}
      <DelayedSpinner loading={documents.isPending} label={t('tab.loading')} />
      {documents.isError ? (
        <p className="form-error" role="alert">
          {t('tab.loadFailed')} <RetryButton error={documents.error} onRetry={() => documents.refetch()} />
        </p>
      ) : null}
      {documents.isSuccess && documents.data.length === 0 ? <p className="empty-state">{t('tab.empty')}</p> : null}
      <ul className="list">
        {(documents.data ?? []).map((document) => (
          <Linked key={document.id} path={documentPath(vesselId, document)}>
            {(link) => (
              <li className="list__item">
                <span>
                  {link ? (
                    <a href={link} target="_blank" rel="noopener">
                      {document.name}
                    </a>
                  ) : (
                    document.name
                  )}
                  <span className="muted">
                    {[categoryName(document.categoryId), document.createdAt ? format.date(document.createdAt) : '']
                      .filter(Boolean)
                      .map((part) => ` · ${part}`)
                      .join('')}
                  </span>
                </span>
                <span className="button-row">
                  {link ? (
                    <a className="button button--small" href={link} download={document.name} aria-label={t('tab.downloadLabel', { name: document.name })}>
                      {t('tab.download')}
                    </a>
                  ) : null}
                  {canManage ? (
                    <button
                      type="button"
                      className="button button--small button--danger"
                      onClick={() => setDeleting(document)}
                      aria-label={t('tab.deleteLabel', { name: document.name })}
                    >
                      {t('tab.delete')}
                    </button>
                  ) : null}
                </span>
              </li>
            )}
          </Linked>
        ))}
      </ul>
      {deleting ? (
        <ConfirmModal
          title={t('tab.deleteTitle')}
          confirmLabel={t('tab.delete')}
          pending={remove.isPending}
          onConfirm={() => remove.mutate(deleting.id)}
          onClose={() => setDeleting(null)}
        >
          <p>{t('tab.deleteText', { name: deleting.name })}</p>
        </ConfirmModal>
      ) : null}
    </div>
  );
}

/** How much of the vessel's document storage is taken: a meter, and the figures in words. */
function StorageUse({ vesselId }: { vesselId: number }) {
  const { t } = useTranslation('documents');
  const storage = useQuery(documentQueries.storage(vesselId));
  if (!storage.isSuccess) return null;
  const { used, limit } = storage.data;
  const share = limit > 0 ? Math.min(1, used / limit) : 0;
  return (
    <p className="documents__storage">
      <label htmlFor="document-storage">{t('storage.used', { used: formatBytes(used), limit: formatBytes(limit) })}</label>{' '}
      <meter id="document-storage" min={0} max={1} low={0.8} high={0.95} optimum={0} value={share}>
        {Math.round(share * 100)} %
      </meter>
    </p>
  );
}
