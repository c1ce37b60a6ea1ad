import type { Knex } from 'knex';

// Devices module: a bridge's receipts of its last QoS 1 deltas (redeliveries are recognised by
// them, docs/protocol.md) become one row per bridge, a ring of 256 entries rewritten once per
// batch, instead of a row per slot upserted once per message (docs/performance.md, "Fourth
// round"). An entry is the message id (2 bytes, big-endian; 0 = empty) and the first 8 bytes of
// the payload's SHA-1; the receipts kept so far move over.
const SLOTS = 256;
const DIGEST_BYTES = 8;
const ENTRY_BYTES = 2 + DIGEST_BYTES;

interface OldReceipt {
  bridge_id: number;
  slot: number;
  message_id: number;
  digest: string;
}

export async function up(knex: Knex): Promise<void> {
  const postgres = knex.client.config.client === 'pg';
  await knex.raw(`CREATE TABLE ingest_receipt_rings (
    bridge_id INTEGER PRIMARY KEY REFERENCES bridges (id) ON DELETE CASCADE,
    slots ${postgres ? 'BYTEA' : 'BLOB'} NOT NULL)`);
  const rings = new Map<number, Buffer>();
  for (const r of (await knex('ingest_receipts').select('bridge_id', 'slot', 'message_id', 'digest')) as OldReceipt[]) {
    if (r.slot < 0 || r.slot >= SLOTS) continue;
    let ring = rings.get(r.bridge_id);
    if (!ring) rings.set(r.bridge_id, (ring = Buffer.alloc(SLOTS * ENTRY_BYTES)));
    ring.writeUInt16BE(r.message_id & 0xffff, r.slot * ENTRY_BYTES);
    Buffer.from(r.digest, 'base64').copy(ring, r.slot * ENTRY_BYTES + 2, 0, DIGEST_BYTES);
  }
  for (const [bridgeId, slots] of rings) await knex('ingest_receipt_rings').insert({ bridge_id: bridgeId, slots });
  await knex.schema.dropTable('ingest_receipts');
}

export async function down(knex: Knex): Promise<void> {
  // The rings keep only part of each digest, so the receipts do not move back: a redelivery
  // right after a downgrade is stored twice at worst.
  await knex.schema.createTable('ingest_receipts', (t) => {
    t.integer('bridge_id').notNullable().references('bridges.id').onDelete('CASCADE');
    t.integer('slot').notNullable();
    t.integer('message_id').notNullable();
    t.string('digest', 32).notNullable();
    t.primary(['bridge_id', 'slot']);
  });
  await knex.schema.dropTable('ingest_receipt_rings');
}
