/** What other modules may ask of the ingest module: how much it has received and not yet committed (the operator's figures). */
export interface IngestApi {
  /** Messages received and not yet committed (or failed): the group commit's backlog. */
  readonly queued: number;
}
