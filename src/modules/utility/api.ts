/**
 * What other modules may ask of the utility module: the reference lists (the admin catalogue
 * edits the languages).
 */
import Boom from '@hapi/boom';
import type { Db } from '../../db/knex.js';
import * as repo from './repository.js';

export type { Reference } from './repository.js';

export const countries = (db: Db): Promise<repo.Reference[]> => repo.countries(db);

export const languages = (db: Db): Promise<repo.Reference[]> => repo.languages(db);

/** Adds a language users can choose; 409 when the code exists. */
export async function addLanguage(db: Db, language: repo.Reference): Promise<repo.Reference> {
  if (await repo.findLanguage(db, language.code)) throw Boom.conflict('This language already exists');
  await repo.insertLanguage(db, language);
  return { code: language.code, name: language.name };
}
