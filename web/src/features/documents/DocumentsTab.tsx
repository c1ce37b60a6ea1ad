import { useRef, useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSelector } from '@xstate/react';
import { session, toast } from '../../app/services';
import { reportActionFailure } from '../../app/failures';
import { SelectField, TextField } from '../forms/Field';
import { DelayedSpinner } from '../loading/DelayedSpinner';
import { useFormatters } from '../profile/usePreferences';
import { vesselKeys } from '../vessels/queries';
import { documentActions, documentLink, documentQueries } from './queries';

export function DocumentsTab({ vesselId, canManage }: { vesselId: number; canManage: boolean }) {
  const queryClient = useQueryClient();
  const documents = useQuery(documentQueries.list(vesselId));
  const categories = useQuery(documentQueries.categories());
  const sessionKey = useSelector(session, (state) => state.context.token);
  const format = useFormatters();
  const fileInput = useRef<HTMLInputElement>(null);
  const [name, setName] = useState('');
  const [categoryId, setCategoryId] = useState('');
  const refresh = () => queryClient.invalidateQueries({ queryKey: vesselKeys.section(vesselId, 'documents') });
  const categoryName = (id: number | null) => categories.data?.find((category) => category.id === id)?.name ?? '';

  const upload = useMutation({
    mutationFn: (file: File) => documentActions.upload(vesselId, file, name.trim() || file.name, categoryId === '' ? null : Number(categoryId)),
    onSuccess: () => {
      toast.success('Document uploaded');
      setName('');
      if (fileInput.current) fileInput.current.value = '';
      return refresh();
    },
    onError: (error) => reportActionFailure('Uploading the document', error),
  });
  const remove = useMutation({
    mutationFn: (documentId: number) => documentActions.remove(vesselId, documentId),
    onSuccess: () => {
      toast.success('Document deleted');
      return refresh();
    },
    onError: (error) => reportActionFailure('Deleting the document', error),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const file = fileInput.current?.files?.[0];
    if (file) upload.mutate(file);
  };

  return (
    <div className="documents">
      {canManage ? (
        <form className="card form" onSubmit={submit}>
          <h2>Add a document</h2>
          <div className="field">
            <label htmlFor="document-file" className="field__label">
              File
            </label>
            <input id="document-file" ref={fileInput} className="input" type="file" required />
          </div>
          <div className="form__row">
            <TextField label="Name" value={name} onChange={(event) => setName(event.target.value)} placeholder="The file name if left empty" />
            <SelectField
              label="Category"
              placeholder="None"
              value={categoryId}
              onChange={(event) => setCategoryId(event.target.value)}
              options={(categories.data ?? []).map((category) => ({ value: String(category.id), label: category.name }))}
            />
          </div>
          <div className="button-row">
            <button type="submit" className="button button--primary" disabled={upload.isPending}>
              {upload.isPending ? 'Uploading…' : 'Upload'}
            </button>
          </div>
        </form>
      ) : null}
      <DelayedSpinner loading={documents.isPending} label="Loading documents…" />
      {documents.isError ? <p className="form-error" role="alert">The documents could not be loaded.</p> : null}
      {documents.isSuccess && documents.data.length === 0 ? <p className="empty-state">No documents yet.</p> : null}
      <ul className="list">
        {(documents.data ?? []).map((document) => {
          const link = documentLink(document, sessionKey);
          return (
            <li key={document.id} className="list__item">
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
              {canManage ? (
                <button type="button" className="button button--small button--danger" disabled={remove.isPending} onClick={() => remove.mutate(document.id)} aria-label={`Delete ${document.name}`}>
                  Delete
                </button>
              ) : null}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
