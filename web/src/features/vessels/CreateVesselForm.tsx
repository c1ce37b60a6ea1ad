import { useRef, useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { toast } from '../../app/services';
import { isApiError } from '../../lib/api';
import { failureMessage } from '../../lib/failureMessage';
import { IMAGE_UPLOAD, uploadFailure, uploadProblem } from '../../lib/uploads';
import { SelectField, TextField } from '../forms/Field';
import { catalogueQueries, lifecycleActions } from './lifecycle';
import { vesselKeys } from './queries';
import './vessels.css';

/** A new owner adds their vessel: name, model from the manufacturers' catalogue, group and picture. */
export function CreateVesselForm() {
  const { t } = useTranslation('vessels');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const [groupName, setGroupName] = useState('');
  const [manufacturerId, setManufacturerId] = useState('');
  const [modelId, setModelId] = useState('');
  const [imageError, setImageError] = useState<string | null>(null);
  const imageInput = useRef<HTMLInputElement>(null);
  const manufacturers = useQuery(catalogueQueries.manufacturers());
  const models = useQuery({ ...catalogueQueries.models(Number(manufacturerId)), enabled: manufacturerId !== '' });

  const create = useMutation({
    mutationFn: () =>
      lifecycleActions.create({
        name: name.trim(),
        groupName: groupName.trim() || null,
        modelId: modelId === '' ? null : Number(modelId),
        image: imageInput.current?.files?.[0] ?? null,
      }),
    onSuccess: (vessel) => {
      toast.success(t('create.added', { name: vessel.name }));
      void queryClient.invalidateQueries({ queryKey: vesselKeys.all, exact: true });
      void navigate({ to: '/dashboard/vessels/$vesselId/settings', params: { vesselId: vessel.id } });
    },
  });

  const chooseImage = () => {
    const file = imageInput.current?.files?.[0];
    setImageError(file ? uploadProblem(file, IMAGE_UPLOAD) : null);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (name.trim() && !imageError) create.mutate();
  };

  const createError = create.isError
    ? (uploadFailure(isApiError(create.error) ? create.error.status : null, IMAGE_UPLOAD) ?? failureMessage(create.error, t('create.failed')))
    : null;

  return (
    <div className="page">
      <header className="page__header">
        <div>
          <h1>{t('create.title')}</h1>
          <p className="muted">{t('create.intro')}</p>
        </div>
      </header>
      <form className="card form create-vessel" onSubmit={submit}>
        <TextField label={t('create.name')} required value={name} onChange={(event) => setName(event.target.value)} maxLength={100} autoComplete="off" />
        <div className="form__row">
          <SelectField
            label={t('create.manufacturer')}
            placeholder={manufacturers.isPending ? t('create.loading') : t('create.notListed')}
            value={manufacturerId}
            onChange={(event) => {
              setManufacturerId(event.target.value);
              setModelId('');
            }}
            options={(manufacturers.data ?? []).map((manufacturer) => ({ value: String(manufacturer.id), label: manufacturer.name }))}
            error={manufacturers.isError ? t('create.manufacturersFailed', { reason: failureMessage(manufacturers.error) }) : null}
          />
          <SelectField
            label={t('create.model')}
            placeholder={
              manufacturerId === ''
                ? t('create.chooseManufacturer')
                : models.isPending
                  ? t('create.loading')
                  : models.data?.length === 0
                    ? t('create.noModels')
                    : t('create.notListed')
            }
            value={modelId}
            disabled={manufacturerId === '' || !models.isSuccess || models.data.length === 0}
            onChange={(event) => setModelId(event.target.value)}
            options={(models.data ?? []).map((model) => ({
              value: String(model.id),
              label: model.lengthM ? `${model.name} (${model.lengthM} m)` : model.name,
            }))}
            error={models.isError ? t('create.modelsFailed', { reason: failureMessage(models.error) }) : null}
          />
        </div>
        <TextField label={t('create.group')} value={groupName} onChange={(event) => setGroupName(event.target.value)} hint={t('create.groupHint')} />
        <div className="field">
          <label htmlFor="new-vessel-image" className="field__label">
            {t('create.picture')}
          </label>
          <input
            id="new-vessel-image"
            ref={imageInput}
            className="input"
            type="file"
            accept={IMAGE_UPLOAD.types.join(',')}
            onChange={chooseImage}
            aria-describedby="new-vessel-image-hint"
          />
          <p id="new-vessel-image-hint" className="field__hint">
            {t('create.pictureHint', { types: IMAGE_UPLOAD.typesInWords, megabytes: IMAGE_UPLOAD.maxBytes / 1024 / 1024 })}
          </p>
          {imageError ? (
            <p className="field__error" role="alert">
              {imageError}
            </p>
          ) : null}
        </div>
        {createError ? (
          <p className="form-error" role="alert">
            {createError}
          </p>
        ) : null}
        <div className="button-row">
          <Link to="/dashboard" className="button">
            {t('create.cancel')}
          </Link>
          <button type="submit" className="button button--primary" disabled={!name.trim() || create.isPending || imageError !== null}>
            {create.isPending ? t('create.adding') : t('create.submit')}
          </button>
        </div>
      </form>
    </div>
  );
}
