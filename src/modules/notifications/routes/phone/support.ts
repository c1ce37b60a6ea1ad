/** What the phone routes share: the settings' shape, the code's hash, the provider's signature, and acknowledging as the person who answered. */
import { createHmac } from 'node:crypto';
import Boom from '@hapi/boom';
import type { PhoneSettings } from '../../../../../contracts/phone.js';
import type { AppContext } from '../../../../platform/context.js';
import type { MailLanguage, Reader } from '../../../../platform/i18n.js';
import { type PhoneProvider, say, xmlText } from '../../../../platform/sms.js';
import { type AccessApi, ALERTS_MANAGE, allows } from '../../../access/api.js';
import { type AlertLifecycle, findAlert } from '../../../alerts/api.js';
import { bridgesOfVessels } from '../../../bridges/api.js';
import type { PhoneRow } from '../../phone/repository.js';
import type { DeliveryReceipts } from '../../receipts/receipts.js';

/** How long a verification code holds. */
export const CODE_TTL_MS = 10 * 60_000;

export const settingsOf = (row: PhoneRow, available: boolean): PhoneSettings => ({
  available,
  number: row.verifiedAt ? row.number : null,
  pendingNumber: row.pendingNumber,
  pendingUntil: row.pendingNumber ? row.codeExpiresAt : null,
  followUp: row.followUp,
  followUpSeconds: row.followUpSeconds,
});

/** A code is kept only as this hash, bound to the person and the number it was sent to. */
export const codeHash = (secret: string, userId: number, number: string, code: string): string =>
  createHmac('sha256', secret).update(`phone-code:${userId}:${number}:${code}`).digest('hex');

/**
 * Refuses (403) a callback not signed by the SMS provider: the signature is over the URL the
 * provider called, which is the public address (PUBLIC_URL) or, directly, the address it reached.
 */
export function assertSigned(
  request: { url: URL; payload: unknown; headers: Record<string, unknown>; server: { info: { protocol: string } }; info: { host: string } },
  provider: PhoneProvider,
  publicUrl: string,
): void {
  const path = `${request.url.pathname}${request.url.search}`;
  const params = (request.payload ?? {}) as Record<string, unknown>;
  const header = request.headers['x-twilio-signature'];
  const signature = typeof header === 'string' ? header : undefined;
  const urls = [`${publicUrl}${path}`, `${request.server.info.protocol}://${request.info.host}${path}`];
  if (!urls.some((url) => provider.validSignature(url, params, signature))) throw Boom.forbidden('This request is not signed by the SMS provider');
}

/** A TwiML answer: an SMS reply's `<Message>`. */
export const smsAnswer = (text: string): string => `<?xml version="1.0" encoding="UTF-8"?><Response><Message>${xmlText(text)}</Message></Response>`;

/** A TwiML answer: what a call says next, in the language's voice. */
export const callAnswer = (text: string, language: MailLanguage): string => `<?xml version="1.0" encoding="UTF-8"?><Response>${say(text, language)}</Response>`;

/** Who a phone route answers, as a reader: their profile's language (English when not shipped), their time zone. */
export type ReaderOfUser = (userId: number) => Promise<Reader>;

/**
 * Acknowledges an alarm as the person who answered a text or a call, if they may still manage
 * the vessel's alerts; the delivery receipt it came through says so. Answers whether it is now
 * acknowledged (false: they may not, or it is gone).
 */
export async function acknowledgeAs(
  ctx: AppContext,
  deps: { lifecycle: AlertLifecycle; access: AccessApi; receipts: DeliveryReceipts },
  ack: { userId: number; alertId: number; vesselId: number; deliveryId: number | null },
): Promise<boolean> {
  const grant = (await deps.access.accessesOf(ack.userId, ack.vesselId)).get(ack.vesselId);
  const bridge = (await bridgesOfVessels(ctx.db, [ack.vesselId])).get(ack.vesselId);
  const alert = await findAlert(ctx.db, ack.alertId);
  if (!grant || !allows(grant, ALERTS_MANAGE) || !bridge || !alert || alert.bridgeId !== bridge.id) return false;
  if (alert.acknowledgedAt === null) await deps.receipts.acknowledgingThrough(alert.id, ack.userId, ack.deliveryId);
  await deps.lifecycle.acknowledge(ack.vesselId, alert, ack.userId);
  return true;
}
