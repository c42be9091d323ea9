/** Opening a database that is not there, for a check that must not create one (audit:verify). `where` names it. */
export class DatabaseNotFoundError extends Error {
  override readonly name = 'DatabaseNotFoundError';
  constructor(
    readonly where: string,
    message: string,
  ) {
    super(message);
  }
}
