/**
 * What other modules may ask of the commands module: sending a command the way a user's
 * `sendCommand` does (the routines module's, through `server.plugins.commands.api`), the clock
 * the command service keeps time by, and deleting what a pairing leaves behind.
 */
import type { Db } from '../../db/knex.js';
import * as repo from './repository.js';

export type { Clock } from './commands.js';
export type { CommandRequests, CommandTargetProperty } from './requests.js';

/** A pairing ended (its bridge unlinked, or its vessel deleted): its commands are deleted, in the caller's transaction. */
export const deletePairingCommands = (db: Db, bridgeId: number): Promise<void> => repo.deletePairingCommands(db, bridgeId);
