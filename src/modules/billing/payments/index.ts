/** The payment provider the configuration names (PAYMENT_PROVIDER; docs/payments.md), or null for none. */
import type { PaymentProvider } from './provider.js';
import { TestPaymentProvider } from './test-provider.js';

export * from './provider.js';
export { luhnValid } from '../../../../contracts/billing.js';
export { TEST_CARDS } from './test-provider.js';

export function paymentProviderFor(name: 'test' | 'none'): PaymentProvider | null {
  if (name === 'test') return new TestPaymentProvider();
  return null;
}
