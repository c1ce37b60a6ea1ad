/** Pairing codes are 8 characters (docs/protocol.md); people type them with spaces, dashes or in lower case. */
export const PAIRING_CODE_LENGTH = 8;

export function normalisePairingCode(raw: string): string {
  return raw.replace(/[\s-]/g, '').toUpperCase();
}

export function isCompletePairingCode(code: string): boolean {
  return /^[A-Z0-9]+$/.test(code) && code.length === PAIRING_CODE_LENGTH;
}
