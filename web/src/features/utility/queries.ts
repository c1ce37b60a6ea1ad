import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api';
import type { CodeAndName } from '../profile/types';

export const utilityQueries = {
  countries: () =>
    queryOptions({
      queryKey: ['utility', 'countries'] as const,
      queryFn: async () => uniqueEntries(await api.get<CodeAndName[]>('utility/countries')),
      staleTime: Infinity,
    }),
  languages: () =>
    queryOptions({
      queryKey: ['utility', 'languages'] as const,
      queryFn: async () => uniqueEntries(await api.get<CodeAndName[]>('utility/languages')),
      staleTime: Infinity,
    }),
  version: () =>
    queryOptions({
      queryKey: ['utility', 'version'] as const,
      queryFn: () => api.get<{ ui: string; server: string }>('utility/version'),
      staleTime: Infinity,
    }),
};

/** A reference list offers each entry once: the first of a code (case-insensitive) or of a name wins, sorted by name. */
export function uniqueEntries(entries: CodeAndName[]): CodeAndName[] {
  const codes = new Set<string>();
  const names = new Set<string>();
  const kept: CodeAndName[] = [];
  for (const entry of entries) {
    const code = entry.code.toUpperCase();
    const name = entry.name.trim().toLowerCase();
    if (codes.has(code) || names.has(name)) continue;
    codes.add(code);
    names.add(name);
    kept.push(entry);
  }
  return kept.sort((a, b) => a.name.localeCompare(b.name));
}
