import type { Knex } from 'knex';

// Vessel module: notes, documents and the geofence of a vessel.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('vessel_notes', (t) => {
    t.increments('id');
    t.integer('vessel_id').notNullable().references('vessels.id').onDelete('CASCADE').index();
    t.integer('author_id').references('users.id').onDelete('SET NULL');
    t.text('message_text').notNullable();
    t.string('created_at', 30).notNullable();
  });
  await knex.schema.createTable('vessel_documents', (t) => {
    t.increments('id');
    t.integer('vessel_id').notNullable().references('vessels.id').onDelete('CASCADE').index();
    t.integer('category_id').references('document_categories.id').onDelete('SET NULL');
    t.string('name', 200).notNullable();
    t.string('file_id', 36).notNullable();
    t.string('mime', 100).notNullable();
    t.integer('size').notNullable();
    t.integer('uploaded_by').references('users.id').onDelete('SET NULL');
    t.string('created_at', 30).notNullable();
  });
  await knex.schema.createTable('vessel_geofences', (t) => {
    t.integer('vessel_id').primary().references('vessels.id').onDelete('CASCADE');
    t.boolean('enabled').notNullable().defaultTo(false);
    t.float('radius').notNullable();
    t.double('lat').notNullable();
    t.double('lon').notNullable();
    t.integer('delay').notNullable().defaultTo(0);
    t.string('updated_at', 30).notNullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('vessel_geofences');
  await knex.schema.dropTable('vessel_documents');
  await knex.schema.dropTable('vessel_notes');
}
