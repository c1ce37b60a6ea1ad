import type { Knex } from 'knex';

// Billing: card payment methods (brand, last four digits and expiry only; the provider keeps the
// card), invoices, and the renewal state of vessel subscriptions (docs/decisions.md, "Billing").
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('payment_methods', (t) => {
    t.increments('id');
    t.integer('user_id').notNullable().references('users.id').onDelete('CASCADE').index();
    t.string('provider', 20).notNullable();
    t.string('provider_ref', 200).notNullable();
    t.string('brand', 20).notNullable();
    t.string('last4', 4).notNullable();
    t.integer('exp_month').notNullable();
    t.integer('exp_year').notNullable();
    t.string('holder_name', 200).notNullable();
    t.string('created_at', 30).notNullable();
    t.string('removed_at', 30);
  });
  await knex.schema.alterTable('vessel_subscriptions', (t) => {
    t.text('renewal_product_ids');
    t.boolean('auto_renew').notNullable().defaultTo(false);
    t.string('notice_given_at', 30);
    t.string('ended_at', 30);
    t.integer('payment_method_id').references('payment_methods.id').onDelete('SET NULL');
    t.integer('payer_id').references('users.id').onDelete('SET NULL');
  });
  await knex.schema.createTable('invoices', (t) => {
    t.increments('id');
    t.string('number', 30).notNullable().unique();
    t.integer('payer_id').references('users.id').onDelete('SET NULL').index();
    t.integer('vessel_id').references('vessels.id').onDelete('SET NULL');
    t.string('vessel_name', 200).notNullable();
    t.integer('subscription_id').references('vessel_subscriptions.id').onDelete('SET NULL');
    t.string('kind', 20).notNullable();
    t.string('issued_at', 30).notNullable();
    t.string('currency', 3).notNullable();
    t.text('lines').notNullable();
    t.integer('net_pence').notNullable();
    t.integer('vat_pence').notNullable();
    t.integer('total_pence').notNullable();
    t.string('card', 60).notNullable();
    t.string('provider_ref', 200).notNullable();
    t.string('refunded_at', 30);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('invoices');
  await knex.schema.alterTable('vessel_subscriptions', (t) => {
    t.dropColumn('payer_id');
    t.dropColumn('payment_method_id');
    t.dropColumn('ended_at');
    t.dropColumn('notice_given_at');
    t.dropColumn('auto_renew');
    t.dropColumn('renewal_product_ids');
  });
  await knex.schema.dropTable('payment_methods');
}
