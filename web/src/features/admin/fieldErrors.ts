import type { ChangeEvent } from 'react';
import { isApiError } from '../../lib/api';
import { reportActionFailure } from '../../app/failures';

/** A refused form: the message goes next to the field the server named, or above the form. */
export interface FormFailure {
  field: string | null;
  message: string;
}

/**
 * The server's 400 message names the field (docs/api.md), as `"email" must be a valid email`
 * or in words; a 409 (duplicate) or 418 (business rule) is shown as the server wrote it.
 * Anything else is reported like any failed action and answers null.
 */
export function formFailure(action: string, error: unknown, fields: readonly string[]): FormFailure | null {
  if (!isApiError(error) || (error.status !== 400 && error.status !== 409 && error.status !== 418)) {
    reportActionFailure(action, error);
    return null;
  }
  const message = error.serverMessage ?? error.message;
  const quoted = /"([A-Za-z0-9_.[\]]+)"/.exec(message)?.[1]?.split(/[.[]/)[0];
  const lower = message.toLowerCase();
  const field = (quoted && fields.includes(quoted) ? quoted : null) ?? fields.find((name) => lower.includes(name.toLowerCase())) ?? null;
  return { field, message: message.replace(/^"([^"]+)"/, (_all, name: string) => humanise(name)) };
}

/** `countryCode` → `Country code`. */
export function humanise(name: string): string {
  const words = name.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The error of one field, for TextField's `error`. */
export const errorFor = (failure: FormFailure | null, field: string): string | null => (failure?.field === field ? failure.message : null);

/**
 * The value, change handler and error of one field of a form kept in state, spread into a
 * TextField or SelectField: `<TextField label="Serial" {...bind('serial')} />`.
 */
export function fieldBinder<F extends Record<string, unknown>>(form: F, setForm: (next: F) => void, failure: FormFailure | null) {
  return (name: keyof F & string) => ({
    value: String(form[name] ?? ''),
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>) => setForm({ ...form, [name]: event.target.value }),
    error: errorFor(failure, name),
  });
}
