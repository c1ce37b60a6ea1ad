import type { Knex } from 'knex';

// Messaging module: threads (optionally about a vessel), their members, messages and attachments.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('message_threads', (t) => {
    t.increments('id');
    t.string('name', 120);
    t.integer('created_by').references('users.id').onDelete('SET NULL');
    t.integer('vessel_id').references('vessels.id').onDelete('SET NULL').index();
    t.string('created_at', 30).notNullable();
    t.string('last_activity_at', 30).notNullable();
  });
  await knex.schema.createTable('message_thread_members', (t) => {
    t.integer('thread_id').notNullable().references('message_threads.id').onDelete('CASCADE');
    t.integer('user_id').notNullable().references('users.id').onDelete('CASCADE').index();
    t.boolean('muted').notNullable().defaultTo(false);
    t.integer('last_read_message_id').notNullable().defaultTo(0);
    t.string('joined_at', 30).notNullable();
    t.primary(['thread_id', 'user_id']);
  });
  await knex.schema.createTable('messages', (t) => {
    t.increments('id');
    t.integer('thread_id').notNullable().references('message_threads.id').onDelete('CASCADE');
    t.integer('sender_id').references('users.id').onDelete('SET NULL');
    t.text('text').notNullable();
    t.string('created_at', 30).notNullable();
    t.index(['thread_id', 'id']);
  });
  await knex.schema.createTable('message_attachments', (t) => {
    t.increments('id');
    t.integer('message_id').notNullable().references('messages.id').onDelete('CASCADE').index();
    t.string('file_id', 36).notNullable();
    t.string('name', 200).notNullable();
    t.string('mime', 100).notNullable();
    t.integer('size').notNullable();
  });
  // The last message each member was e-mailed about, so an unread conversation is one digest, not one mail a message.
  await knex.schema.createTable('message_digests', (t) => {
    t.integer('user_id').primary().references('users.id').onDelete('CASCADE');
    t.integer('last_mailed_message_id').notNullable().defaultTo(0);
    t.string('last_mailed_at', 30);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('message_digests');
  await knex.schema.dropTable('message_attachments');
  await knex.schema.dropTable('messages');
  await knex.schema.dropTable('message_thread_members');
  await knex.schema.dropTable('message_threads');
}
