import type { Knex } from 'knex';

// Billing module: products, vouchers and vessel subscriptions.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('products', (t) => {
    t.increments('id');
    t.string('code', 50).notNullable().unique();
    t.string('name', 200).notNullable();
    t.string('description', 1000).notNullable().defaultTo('');
    t.integer('price_pence').notNullable();
    t.string('currency', 3).notNullable().defaultTo('GBP');
    t.integer('term_months').notNullable().defaultTo(12);
    t.boolean('active').notNullable().defaultTo(true);
  });
  await knex.schema.createTable('vouchers', (t) => {
    t.increments('id');
    t.string('code', 32).notNullable().unique();
    t.text('product_ids').notNullable();
    t.integer('months').notNullable();
    t.integer('max_uses').notNullable().defaultTo(1);
    t.integer('used_count').notNullable().defaultTo(0);
    t.string('expires_at', 30);
    t.integer('created_by');
    t.string('created_at', 30).notNullable();
  });
  await knex.schema.createTable('vessel_subscriptions', (t) => {
    t.increments('id');
    t.integer('vessel_id').notNullable().references('vessels.id').onDelete('CASCADE').index();
    t.text('product_ids').notNullable();
    t.string('valid_from', 30).notNullable();
    t.string('valid_until', 30).notNullable();
    t.integer('voucher_id').references('vouchers.id').onDelete('SET NULL');
    t.string('created_at', 30).notNullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('vessel_subscriptions');
  await knex.schema.dropTable('vouchers');
  await knex.schema.dropTable('products');
}
