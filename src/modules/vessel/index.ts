/**
 * The vessel module: vessels, their members and companies, permissions, pairing, notes,
 * documents (the geofence belongs to the alerts module).
 */
import type { Plugin } from '@hapi/hapi';
import type { ModuleOptions } from '../../platform/context.js';
import { companyRoutes } from './routes/companies.js';
import { contentRoutes } from './routes/content.js';
import { logRoutes } from './routes/logs.js';
import { memberRoutes } from './routes/members.js';
import { pairingRoutes } from './routes/pairing.js';
import { vesselRoutes } from './routes/vessels.js';
import { NotesService } from './notes/service.js';
import { createNote } from './routes/notes/create.js';
import { deleteNote } from './routes/notes/delete.js';
import { listNotes } from './routes/notes/list.js';

export const vesselModule: Plugin<ModuleOptions> = {
  name: 'vessel',
  dependencies: ['auth'],
  register(server, { ctx }) {
    const notes = new NotesService(ctx.db, server.plugins.auth.api);
    server.route([listNotes(notes), createNote(notes), deleteNote(notes)]);
    server.route([...vesselRoutes(server, ctx), ...memberRoutes(server, ctx), ...companyRoutes(ctx), ...pairingRoutes(server, ctx), ...contentRoutes(ctx), ...logRoutes(ctx)]);
  },
};
