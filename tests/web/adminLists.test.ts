import { describe, expect, it, vi } from 'vitest';

vi.mock('../../web/src/app/failures', () => ({ reportActionFailure: vi.fn() }));

import { reportActionFailure } from '../../web/src/app/failures';
import { errorFor, formFailure } from '../../web/src/features/admin/fieldErrors';
import { pageLocally, pageRequest, validateListSearch } from '../../web/src/features/admin/listSearch';
import { ApiError } from '../../web/src/lib/api';

describe('an admin list kept in the URL', () => {
  it('keeps what a shared link may say and drops the rest', () => {
    expect(validateListSearch({ page: '2', size: '50', sort: 'email,desc', q: '  owner ', filter: 'suspended' })).toEqual({
      page: 2,
      size: 50,
      sort: 'email,desc',
      q: 'owner',
      filter: 'suspended',
    });
    // Defaults stay out of the URL; nonsense is ignored rather than refused.
    expect(validateListSearch({ page: '0', size: '20' })).toEqual({});
    expect(validateListSearch({ open: '7', from: '2026-11-01', to: '2026-13-45' })).toEqual({ open: 7, from: '2026-11-01' });
    expect(validateListSearch({ page: '-1', size: '7', sort: 'email;drop', q: '', filter: '<script>' })).toEqual({});
  });

  it('asks the server for the page the URL names', () => {
    expect(pageRequest({})).toEqual({ page: 0, size: 20 });
    expect(pageRequest({ page: 3, size: 10, sort: 'createdAt,asc' })).toEqual({ page: 3, size: 10, sort: 'createdAt,asc' });
  });

  it('pages, sorts, searches and filters a list the server answers whole', () => {
    const rows = Array.from({ length: 25 }, (_, i) => ({ id: i + 1, serial: `VL-${String(i + 1).padStart(4, '0')}`, online: i % 2 === 0 }));
    const paging = {
      text: (r: (typeof rows)[number]) => r.serial,
      sortBy: { serial: (r: (typeof rows)[number]) => r.serial },
      filter: (r: (typeof rows)[number], f: string) => (f === 'online' ? r.online : !r.online),
    };

    const second = pageLocally(rows, { page: 1, size: 10, sort: 'serial,desc' }, paging);
    expect(second.totalElements).toBe(25);
    expect(second.content.map((r) => r.id)).toEqual([15, 14, 13, 12, 11, 10, 9, 8, 7, 6]);

    expect(pageLocally(rows, { q: 'vl-001' }, paging).content.map((r) => r.serial)).toEqual([
      'VL-0010',
      'VL-0011',
      'VL-0012',
      'VL-0013',
      'VL-0014',
      'VL-0015',
      'VL-0016',
      'VL-0017',
      'VL-0018',
      'VL-0019',
    ]);
    expect(pageLocally(rows, { filter: 'online' }, paging).totalElements).toBe(13);
  });
});

describe('a form refused by the server', () => {
  const refusal = (status: number, message: string) => new ApiError(status, message, 'POST admin/users', message);

  it('puts a 400 next to the field its message names', () => {
    const failure = formFailure('Creating the user', refusal(400, '"email" must be a valid email'), ['email', 'password']);
    expect(failure).toEqual({ field: 'email', message: 'Email must be a valid email' });
    expect(errorFor(failure, 'email')).toBe('Email must be a valid email');
    expect(errorFor(failure, 'password')).toBeNull();
    expect(formFailure('Creating the company', refusal(400, '"countryCode" is not a known country'), ['name', 'countryCode'])).toEqual({
      field: 'countryCode',
      message: 'Country code is not a known country',
    });
  });

  it('shows a conflict or business refusal above the form, as the server wrote it', () => {
    expect(formFailure('Creating the user', refusal(409, 'A user with this e-mail already exists'), ['password'])).toEqual({
      field: null,
      message: 'A user with this e-mail already exists',
    });
    expect(formFailure('Updating', refusal(418, 'The password is not correct'), ['version', 'password'])?.field).toBe('password');
  });

  it('reports any other failure like every failed action', () => {
    expect(formFailure('Creating the user', refusal(500, 'Internal Server Error'), ['email'])).toBeNull();
    expect(reportActionFailure).toHaveBeenCalledWith('Creating the user', expect.any(ApiError));
  });
});
