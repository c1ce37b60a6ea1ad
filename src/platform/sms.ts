/**
 * Text messages and voice calls (docs/decisions.md, "SMS and voice"): one HTTP provider
 * interface, `PhoneProvider`, with a Twilio-compatible implementation (the REST API's
 * `Messages.json` and `Calls.json`, form-encoded, basic auth with the account SID and auth
 * token) configured by SMS_PROVIDER_URL, SMS_ACCOUNT_SID, SMS_AUTH_TOKEN and SMS_FROM; off when
 * they are not set. `npm run sms-standin` (scripts/sms-standin.ts) is a local stand-in for the
 * provider, used by the tests and the demo. The provider calls back (an SMS reply, a keypress)
 * with `X-Twilio-Signature`, which `validSignature` checks.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Config } from '../config.js';
import type { MailLanguage } from './i18n.js';

/** What the provider made of a message or a call. */
export type ProviderOutcome = { outcome: 'accepted'; sid: string; status: string } | { outcome: 'failed'; reason: string };

export interface PhoneProvider {
  /** Whether messages and calls can be sent at all. */
  readonly configured: boolean;
  sendSms(to: string, body: string): Promise<ProviderOutcome>;
  /** Calls `to` and plays `twiml` (a TwiML document: `<Say>`, `<Gather>`). */
  call(to: string, twiml: string): Promise<ProviderOutcome>;
  /** Whether a callback's `X-Twilio-Signature` was made with our auth token over `url` and its form fields. */
  validSignature(url: string, params: Record<string, unknown>, signature: string | undefined): boolean;
}

const TIMEOUT_MS = 10_000;

/** Twilio's request signature: base64 HMAC-SHA1, keyed by the auth token, of the URL followed by each form field's name and value, sorted by name. */
export function twilioSignature(authToken: string, url: string, params: Record<string, unknown>): string {
  const data =
    url +
    Object.keys(params)
      .sort()
      .map((k) => `${k}${params[k] ?? ''}`)
      .join('');
  return createHmac('sha1', authToken).update(data, 'utf8').digest('base64');
}

/** XML text escaped for a TwiML document. */
export const xmlText = (s: string): string =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');

/**
 * The voice a call speaks a language in (docs/decisions.md, "SMS and voice"): its `<Say>`
 * `language` and a voice that speaks it. Twilio's default voices (man, woman) speak no Italian and
 * take only `en`, `en-gb`, `fr`, `de` as languages, so each language names one of Amazon Polly's
 * standard voices, which Twilio offers as `Polly.<name>`.
 */
export const VOICES: Record<MailLanguage, { language: string; voice: string }> = {
  en: { language: 'en-GB', voice: 'Polly.Amy' },
  it: { language: 'it-IT', voice: 'Polly.Carla' },
  fr: { language: 'fr-FR', voice: 'Polly.Celine' },
  de: { language: 'de-DE', voice: 'Polly.Marlene' },
};

/** A `<Say>` of `text` in a language's voice. */
export function say(text: string, language: MailLanguage): string {
  const { language: locale, voice } = VOICES[language];
  return `<Say language="${locale}" voice="${voice}">${xmlText(text)}</Say>`;
}

export class TwilioProvider implements PhoneProvider {
  readonly configured = true;

  constructor(private readonly sms: NonNullable<Config['sms']>) {}

  sendSms(to: string, body: string): Promise<ProviderOutcome> {
    return this.post('Messages.json', { To: to, From: this.sms.from, Body: body });
  }

  call(to: string, twiml: string): Promise<ProviderOutcome> {
    return this.post('Calls.json', { To: to, From: this.sms.from, Twiml: twiml });
  }

  validSignature(url: string, params: Record<string, unknown>, signature: string | undefined): boolean {
    if (!signature) return false;
    const expected = Buffer.from(twilioSignature(this.sms.authToken, url, params));
    const given = Buffer.from(signature);
    return expected.length === given.length && timingSafeEqual(expected, given);
  }

  private async post(resource: string, form: Record<string, string>): Promise<ProviderOutcome> {
    const url = `${this.sms.providerUrl}/2010-04-01/Accounts/${encodeURIComponent(this.sms.accountSid)}/${resource}`;
    try {
      const res = await fetch(url, {
        method: 'POST',
        headers: {
          authorization: `Basic ${Buffer.from(`${this.sms.accountSid}:${this.sms.authToken}`).toString('base64')}`,
          'content-type': 'application/x-www-form-urlencoded',
        },
        body: new URLSearchParams(form).toString(),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      const text = await res.text();
      let body: { sid?: string; status?: string; message?: string; code?: number } = {};
      try {
        body = JSON.parse(text);
      } catch {
        // not JSON: the status says enough
      }
      if (res.ok && body.sid) return { outcome: 'accepted', sid: body.sid, status: body.status ?? 'queued' };
      return {
        outcome: 'failed',
        reason: `The SMS provider answered ${res.status}${body.message ? `: ${body.message}` : ''}${body.code ? ` (code ${body.code})` : ''}`,
      };
    } catch (err) {
      return { outcome: 'failed', reason: `The SMS provider could not be reached: ${(err as Error).message}` };
    }
  }
}

/** No provider configured: nothing is sent, and no callback is believed. */
export const NO_PHONE_PROVIDER: PhoneProvider = {
  configured: false,
  sendSms: async () => ({ outcome: 'failed', reason: 'SMS is not configured on this server' }),
  call: async () => ({ outcome: 'failed', reason: 'Voice calls are not configured on this server' }),
  validSignature: () => false,
};

export const phoneProviderOf = (config: Config): PhoneProvider => (config.sms ? new TwilioProvider(config.sms) : NO_PHONE_PROVIDER);
