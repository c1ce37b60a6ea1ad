/** The migration to one receipt ring per bridge keeps the receipts already stored: a redelivery right after the upgrade is still recognised. */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { down, up } from '../../migrations/20261203100000_receipt_rings.js';
import { insertId, nowIso } from '../../src/db/knex.js';
import { receiptOf, ringHolds } from '../../src/modules/telemetry/value-store/batch.js';
import { createTestDatabase, testDialects } from '../helpers/db.js';

describe.each(testDialects())('receipt rings on %s', (which) => {
  it('moves each stored receipt into its bridge’s ring', async () => {
    const { db, drop } = await createTestDatabase(which);
    try {
      await down(db);
      const now = nowIso();
      const bridge = (serial: string) => insertId(db, 'bridges', { serial, secret_hash: 'x', created_at: now, updated_at: now });
      const [first, second] = [await bridge('BR-RING-1'), await bridge('BR-RING-2')];
      const payload = (n: number) => Buffer.from(`{"updates":[{"values":[{"path":"a.b","value":${n}}]}]}`);
      // As the old table kept them: the slot, the message id and the payload's whole SHA-1 in base64.
      const old = (bridgeId: number, messageId: number, body: Buffer) => ({
        bridge_id: bridgeId,
        slot: messageId % 256,
        message_id: messageId,
        digest: createHash('sha1').update(body).digest('base64'),
      });
      await db('ingest_receipts').insert([old(first, 7, payload(1)), old(first, 300, payload(2)), old(second, 7, payload(3))]);
      await up(db);

      const ring = async (bridgeId: number) => (await db('ingest_receipt_rings').where({ bridge_id: bridgeId }).first('slots'))?.slots as Buffer | undefined;
      expect(ringHolds(await ring(first), receiptOf(7, payload(1)))).toBe(true);
      expect(ringHolds(await ring(first), receiptOf(300, payload(2)))).toBe(true);
      expect(ringHolds(await ring(second), receiptOf(7, payload(3)))).toBe(true);
      // Another message under a kept id, or a kept message under another bridge, is not a redelivery.
      expect(ringHolds(await ring(first), receiptOf(7, payload(3)))).toBe(false);
      expect(ringHolds(await ring(second), receiptOf(7, payload(1)))).toBe(false);
      expect(ringHolds(await ring(second), receiptOf(300, payload(2)))).toBe(false);
    } finally {
      await drop();
    }
  });
});
