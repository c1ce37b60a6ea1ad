import type { Knex } from 'knex';

// Transfer module: a vessel's owner hands it to someone else, who accepts or declines; the row
// keeps the answer (and which members and companies the buyer kept) once the transfer is decided.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('vessel_transfers', (t) => {
    t.increments('id').primary();
    t.integer('vessel_id').notNullable().references('vessels.id').onDelete('CASCADE').index();
    t.integer('seller_id').notNullable().references('users.id').onDelete('CASCADE');
    t.string('buyer_email', 320).notNullable();
    t.integer('buyer_id').references('users.id').onDelete('CASCADE').index();
    t.string('status', 20).notNullable();
    t.text('kept');
    t.string('created_at', 30).notNullable();
    t.string('expires_at', 30).notNullable();
    t.string('decided_at', 30);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('vessel_transfers');
}
