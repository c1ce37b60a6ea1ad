import type { Knex } from 'knex';

// Org module: the companies (dealers, manufacturers, contractors) everything else refers to.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('companies', (t) => {
    t.increments('id');
    t.string('name', 200).notNullable();
    t.string('kind', 20).notNullable().index();
    t.string('email', 320);
    t.string('phone', 50);
    t.string('country_code', 2);
    t.string('website', 300);
    t.string('created_at', 30).notNullable();
    t.string('updated_at', 30).notNullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('companies');
}
