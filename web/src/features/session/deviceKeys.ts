/**
 * The device keys the server hands out at sign-in, one per account signed in from this browser,
 * shown again at the account's next sign-in: a recognised device keeps a login budget of its own,
 * so someone guessing the password from many addresses does not lock its owner out here
 * (docs/security.md, "Login limits"). They are not secrets of the account: they open nothing.
 */
const STORE_KEY = 'vessel-link.device-keys';

type Store = Pick<Storage, 'getItem' | 'setItem'>;

function read(store: Store): Record<string, string> {
  try {
    const value = JSON.parse(store.getItem(STORE_KEY) ?? '{}') as unknown;
    return value && typeof value === 'object' ? (value as Record<string, string>) : {};
  } catch {
    return {};
  }
}

const accountOf = (email: string) => email.trim().toLowerCase();

export function deviceKeyFor(email: string, store: Store = localStorage): string | undefined {
  return read(store)[accountOf(email)];
}

export function rememberDeviceKey(email: string, key: string, store: Store = localStorage): void {
  store.setItem(STORE_KEY, JSON.stringify({ ...read(store), [accountOf(email)]: key }));
}
