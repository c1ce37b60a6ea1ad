import { useRef, useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Trans, useTranslation } from 'react-i18next';
import { toast } from '../../app/services';
import { reportActionFailure } from '../../app/failures';
import { failureMessage } from '../../lib/failureMessage';
import { useEdited } from '../forms/edited';
import { TextField } from '../forms/Field';
import { DelayedSpinner } from '../loading/DelayedSpinner';
import { ConfirmModal } from '../modal/ConfirmModal';
import { Modal } from '../modal/Modal';
import { useFixedLink, useLink } from '../links/useLink';
import { cameraActions, cameraPath, cameraQueries } from './queries';
import type { Camera, CameraFields } from './types';
import './cameras.css';
import { HIDDEN } from '../../i18n/hidden';

type Dialog = { kind: 'live' | 'delete'; camera: Camera } | { kind: 'edit'; camera: Camera | null } | null;

/** The vessel's cameras as a grid of snapshots, each opening a live view; securityManager MANAGE adds and changes them. */
export function CamerasTab({ vesselId, canManage }: { vesselId: number; canManage: boolean }) {
  const { t } = useTranslation('cameras');
  const queryClient = useQueryClient();
  const cameras = useQuery(cameraQueries.list(vesselId));
  const [refresh, setRefresh] = useState(() => Date.now());
  const [dialog, setDialog] = useState<Dialog>(null);
  const reload = () => queryClient.invalidateQueries({ queryKey: cameraQueries.list(vesselId).queryKey });
  const remove = useMutation({
    mutationFn: (camera: Camera) => cameraActions.remove(vesselId, camera.id),
    onSuccess: () => {
      toast.success(t('tab.deleted'));
      setDialog(null);
      return reload();
    },
    onError: (error) => reportActionFailure(t('tab.deleting'), error),
  });

  return (
    <section className="cameras" aria-labelledby="cameras-title">
      <div className="section-header">
        <h2 id="cameras-title">{t('tab.title')}</h2>
        <div className="button-row">
          <button type="button" className="button" onClick={() => setRefresh(Date.now())} disabled={!cameras.data?.length}>
            {t('tab.refresh')}
          </button>
          {canManage ? (
            <button type="button" className="button button--primary" onClick={() => setDialog({ kind: 'edit', camera: null })}>
              {t('tab.add')}
            </button>
          ) : null}
        </div>
      </div>
      <DelayedSpinner loading={cameras.isPending} label={t('tab.loading')} />
      {cameras.isError ? (
        <p className="form-error" role="alert">
          {failureMessage(cameras.error, t('tab.failed'))}
        </p>
      ) : null}
      {cameras.isSuccess && cameras.data.length === 0 ? <p className="empty-state">{t('tab.empty')}</p> : null}
      <ul className="camera-grid">
        {(cameras.data ?? []).map((camera) => (
          <li key={camera.id} className="card camera">
            <Snapshot path={cameraPath(vesselId, camera.id, 'snapshot')} refresh={refresh} name={camera.name} />
            <div className="camera__bar">
              <h3 className="camera__name">{camera.name}</h3>
              <div className="button-row">
                <button type="button" className="button" onClick={() => setDialog({ kind: 'live', camera })}>
                  <Trans t={t} i18nKey="tab.live" values={{ name: camera.name }} components={HIDDEN} shouldUnescape />
                </button>
                {canManage ? (
                  <>
                    <button type="button" className="button" onClick={() => setDialog({ kind: 'edit', camera })}>
                      <Trans t={t} i18nKey="tab.edit" values={{ name: camera.name }} components={HIDDEN} shouldUnescape />
                    </button>
                    <button type="button" className="button button--danger" onClick={() => setDialog({ kind: 'delete', camera })}>
                      <Trans t={t} i18nKey="tab.delete" values={{ name: camera.name }} components={HIDDEN} shouldUnescape />
                    </button>
                  </>
                ) : null}
              </div>
            </div>
          </li>
        ))}
      </ul>
      {dialog?.kind === 'live' ? (
        <LiveView name={dialog.camera.name} path={cameraPath(vesselId, dialog.camera.id, 'stream')} onClose={() => setDialog(null)} />
      ) : null}
      {dialog?.kind === 'edit' ? <CameraForm vesselId={vesselId} camera={dialog.camera} onDone={reload} onClose={() => setDialog(null)} /> : null}
      {dialog?.kind === 'delete' ? (
        <ConfirmModal
          title={t('tab.deleteTitle')}
          confirmLabel={t('tab.deleteConfirm')}
          pending={remove.isPending}
          onConfirm={() => remove.mutate(dialog.camera)}
          onClose={() => setDialog(null)}
        >
          <p>{t('tab.deleteText', { name: dialog.camera.name })}</p>
        </ConfirmModal>
      ) : null}
    </section>
  );
}

/** A snapshot, or a line saying the camera did not answer; its link key is renewed, so "Refresh pictures" always loads. */
function Snapshot({ path, refresh, name }: { path: string; refresh: number; name: string }) {
  const { t } = useTranslation('cameras');
  const src = useLink(path, { t: refresh });
  const [failed, setFailed] = useState<string | null>(null);
  const [loaded, setLoaded] = useState<string | null>(null);
  return (
    <div className="camera__picture" aria-busy={!src || (loaded !== src && failed !== src)}>
      {src && failed === src ? (
        <p className="camera__missing">{t('tab.noPicture')}</p>
      ) : src ? (
        <img src={src} alt={t('tab.snapshotOf', { name })} onLoad={() => setLoaded(src)} onError={() => setFailed(src)} />
      ) : null}
    </div>
  );
}

/** The live stream, with the browser's full screen a click away; it keeps the link key it started with. */
function LiveView({ name, path, onClose }: { name: string; path: string; onClose: () => void }) {
  const { t } = useTranslation('cameras');
  const src = useFixedLink(path);
  const [open, setOpen] = useState(true);
  const [failed, setFailed] = useState(false);
  const frame = useRef<HTMLDivElement>(null);
  return (
    <Modal
      open={open}
      title={name}
      onClose={onClose}
      footer={
        <>
          <button type="button" className="button" disabled={failed} onClick={() => void frame.current?.requestFullscreen()}>
            {t('tab.fullScreen')}
          </button>
          <button type="button" className="button button--primary" onClick={() => setOpen(false)}>
            {t('tab.close')}
          </button>
        </>
      }
    >
      <div className="camera-live" ref={frame}>
        {failed ? (
          <p className="form-error" role="alert">
            {t('tab.liveFailed')}
          </p>
        ) : src ? (
          <img src={src} alt={t('tab.liveOf', { name })} onError={() => setFailed(true)} />
        ) : null}
      </div>
    </Modal>
  );
}

function CameraForm({ vesselId, camera, onDone, onClose }: { vesselId: number; camera: Camera | null; onDone: () => unknown; onClose: () => void }) {
  const { t } = useTranslation('cameras');
  const [open, setOpen] = useState(true);
  const [fields, setFields] = useState<CameraFields>({ name: camera?.name ?? '', streamUrl: camera?.streamUrl ?? '', snapshotUrl: camera?.snapshotUrl ?? '' });
  const edited = useEdited(fields);
  const save = useMutation({
    mutationFn: () => {
      const payload = { name: fields.name.trim(), streamUrl: fields.streamUrl.trim(), snapshotUrl: fields.snapshotUrl?.trim() || null };
      return camera ? cameraActions.update(vesselId, camera.id, payload) : cameraActions.add(vesselId, payload);
    },
    onSuccess: () => {
      toast.success(camera ? t('tab.saved') : t('tab.added'));
      setOpen(false);
      return onDone();
    },
    onError: (error) => reportActionFailure(t('tab.saving'), error),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate();
  };
  return (
    <Modal
      open={open}
      title={camera ? t('tab.editTitle') : t('tab.addTitle')}
      onClose={onClose}
      dirty={edited && !save.isSuccess}
      footer={
        <>
          <button type="button" className="button" onClick={() => setOpen(false)}>
            {t('tab.cancel')}
          </button>
          <button type="submit" form="camera-form" className="button button--primary" disabled={save.isPending}>
            {t('tab.save')}
          </button>
        </>
      }
    >
      <form id="camera-form" className="form" onSubmit={submit}>
        <TextField
          label={t('tab.name')}
          required
          maxLength={100}
          value={fields.name}
          onChange={(event) => setFields({ ...fields, name: event.target.value })}
        />
        <TextField
          label={t('tab.stream')}
          type="url"
          required
          placeholder={t('tab.streamPlaceholder')}
          value={fields.streamUrl}
          onChange={(event) => setFields({ ...fields, streamUrl: event.target.value })}
        />
        <TextField
          label={t('tab.snapshot')}
          type="url"
          hint={t('tab.snapshotHint')}
          value={fields.snapshotUrl ?? ''}
          onChange={(event) => setFields({ ...fields, snapshotUrl: event.target.value })}
        />
      </form>
    </Modal>
  );
}
