import type { Knex } from 'knex';

// Devices module: who holds an interface's token (whoever created the interface or last issued
// its token). A token posts with its holder's access and stops working when that access ends
// (docs/security.md, "Interface tokens"). Tokens issued before this are the vessel owner's.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('vessel_interfaces', (t) => {
    t.integer('token_holder_id').references('users.id').onDelete('SET NULL');
  });
  await knex('vessel_interfaces').update({
    token_holder_id: knex('vessels').select('owner_id').where('vessels.id', knex.ref('vessel_interfaces.vessel_id')),
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('vessel_interfaces', (t) => {
    t.dropColumn('token_holder_id');
  });
}
