/**
 * "Ask <company> to look at this" on an alarm (docs/product.md, "Service requests"): one button per
 * company with access to the vessel, then a small dialog with the message prefilled; sending makes
 * a service request with the alarm and its values' last 24 h, and a thread with the company. Once
 * asked, the alarm says so and links to the thread.
 */
import { useState } from 'react';
import { Link } from '@tanstack/react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toast } from '../../app/services';
import { FormModal } from '../admin/FormModal';
import { errorFor, formFailure, type FormFailure } from '../admin/fieldErrors';
import { FieldShell } from '../forms/Field';
import { alarmText } from '../alerts/types';
import { vesselKeys } from '../vessels/queries';
import { SERVICE_REQUEST_MESSAGE_MAX_LENGTH, type ServiceRequestCompany } from '../../../../contracts/service-requests';
import { serviceActions, serviceQueries } from './queries';
import './service.css';

interface AskedAlarm {
  id: number;
  path: string;
  message: string;
  deviceName?: string | null;
  propertyName?: string | null;
}

function AskDialog({ vesselId, alert, company, onClose }: { vesselId: number; alert: AskedAlarm; company: ServiceRequestCompany; onClose: () => void }) {
  const { t } = useTranslation('service');
  const queryClient = useQueryClient();
  const [message, setMessage] = useState(() => t('ask.message', { alarm: alarmText(alert) }));
  const [failure, setFailure] = useState<FormFailure | null>(null);
  const ask = useMutation({
    mutationFn: () => serviceActions.askCompany(vesselId, alert.id, { companyId: company.id, message: message.trim() }),
    onSuccess: () => {
      toast.success(t('ask.asked', { company: company.name }));
      onClose();
      return queryClient.invalidateQueries({ queryKey: vesselKeys.section(vesselId, 'serviceRequests') });
    },
    onError: (error) => setFailure(formFailure(t('ask.asking', { company: company.name }), error, ['message'])),
  });
  return (
    <FormModal
      title={t('ask.title', { company: company.name })}
      submitLabel={t('ask.send')}
      pending={ask.isPending}
      failure={failure}
      onSubmit={() => ask.mutate()}
      onClose={onClose}
    >
      <p>{t('ask.explanation', { company: company.name })}</p>
      <FieldShell label={t('ask.messageLabel')} error={errorFor(failure, 'message')}>
        {({ inputId, describedBy }) => (
          <textarea
            id={inputId}
            className="input"
            rows={3}
            maxLength={SERVICE_REQUEST_MESSAGE_MAX_LENGTH}
            aria-describedby={describedBy}
            value={message}
            onChange={(event) => setMessage(event.target.value)}
          />
        )}
      </FieldShell>
    </FormModal>
  );
}

/** The companies that may be asked about an alarm, as buttons; an open request instead of its button. */
export function AskCompany({ vesselId, alert }: { vesselId: number; alert: AskedAlarm }) {
  const { t } = useTranslation('service');
  const requests = useQuery(serviceQueries.vesselRequests(vesselId));
  const [asking, setAsking] = useState<ServiceRequestCompany | null>(null);
  if (!requests.isSuccess) return null;
  const open = requests.data.requests.filter((r) => r.alarm.id === alert.id && r.state === 'open');
  return (
    <>
      {requests.data.companies.map((company) => {
        const asked = open.find((r) => r.companyId === company.id);
        return asked ? (
          <span key={company.id} className="service-request__asked">
            {t('ask.askedCompany', { company: company.name })}
            {asked.threadId !== null ? (
              <>
                {' · '}
                <Link to="/dashboard/messages" search={{ thread: asked.threadId }}>
                  {t('openThread')}
                </Link>
              </>
            ) : null}
          </span>
        ) : (
          <button key={company.id} type="button" className="button button--small" onClick={() => setAsking(company)}>
            {t('ask.title', { company: company.name })}
          </button>
        );
      })}
      {asking ? <AskDialog vesselId={vesselId} alert={alert} company={asking} onClose={() => setAsking(null)} /> : null}
    </>
  );
}
