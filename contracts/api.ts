/** The HTTP envelope and page shapes of docs/api.md ("Conventions"), for every client of the API. */

export interface ApiSuccess<T> {
  ok: true;
  data: T;
}

export interface ApiFailure {
  ok: false;
  status: number;
  /** The HTTP reason phrase. */
  error: string;
  /** Text for the user; a 418's message is shown verbatim. */
  message: string;
}

export type ApiEnvelope<T> = ApiSuccess<T> | ApiFailure;

/** The body of every `.../page` call. */
export interface PageRequest<Filter = Record<string, unknown>> {
  page: number;
  size: number;
  /** `field,asc` or `field,desc`. */
  sort?: string;
  filter?: Filter;
}

/** The answer of every `.../page` call. */
export interface Page<T> {
  totalElements: number;
  content: T[];
}

/** docs/api.md: `size` is capped at 200. */
export const MAX_PAGE_SIZE = 200;
