/** The org module's company_relationships (one company asks, the other accepts). Only this file and repository.ts touch it. */
import type { Db } from '../../db/knex.js';
import { insertId, nowIso } from '../../db/knex.js';

interface RelationshipTableRow {
  id: number;
  from_company_id: number;
  to_company_id: number;
  status: string;
  created_by: number | null;
  created_at: string;
}

export interface Relationship {
  id: number;
  fromCompanyId: number;
  toCompanyId: number;
  status: 'pending' | 'accepted';
  createdAt: string;
}

const toRelationship = (r: RelationshipTableRow): Relationship => ({
  id: r.id,
  fromCompanyId: r.from_company_id,
  toCompanyId: r.to_company_id,
  status: r.status === 'accepted' ? 'accepted' : 'pending',
  createdAt: r.created_at,
});

const table = (db: Db) => db<RelationshipTableRow>('company_relationships');

/** Every relationship the company is on either side of. */
export async function relationshipsOf(db: Db, companyId: number): Promise<Relationship[]> {
  return (await table(db).where({ from_company_id: companyId }).orWhere({ to_company_id: companyId }).orderBy('id')).map(toRelationship);
}

/** A relationship the company is part of; any other answers null like a missing one. */
export async function findRelationship(db: Db, companyId: number, id: number): Promise<Relationship | null> {
  const row = await table(db)
    .where({ id })
    .andWhere((w) => w.where({ from_company_id: companyId }).orWhere({ to_company_id: companyId }))
    .first();
  return row ? toRelationship(row) : null;
}

/** Between two companies, whichever asked. */
export async function relationshipBetween(db: Db, a: number, b: number): Promise<Relationship | null> {
  const row = await table(db)
    .where((w) => w.where({ from_company_id: a, to_company_id: b }).orWhere({ from_company_id: b, to_company_id: a }))
    .first();
  return row ? toRelationship(row) : null;
}

export async function insertRelationship(db: Db, fromCompanyId: number, toCompanyId: number, createdBy: number): Promise<number> {
  return insertId(db, 'company_relationships', {
    from_company_id: fromCompanyId,
    to_company_id: toCompanyId,
    status: 'pending',
    created_by: createdBy,
    created_at: nowIso(),
  });
}

export async function acceptRelationship(db: Db, id: number): Promise<void> {
  await table(db).where({ id }).update({ status: 'accepted' });
}

export async function deleteRelationship(db: Db, id: number): Promise<void> {
  await table(db).where({ id }).delete();
}
