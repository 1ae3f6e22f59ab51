/** An answer the visitor should see as a page: 403, 404, 429 and so on, with a message fit to show. */
export class PageError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'PageError';
  }
}
