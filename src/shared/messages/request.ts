/**
 * What the server says of a request it cannot read at all, before any route's schema sees it:
 * its address or its JSON body holds what no field may hold.
 */
export const requestMessages = {
  nul: 'The request contains a NUL character, which no field accepts.',
  bodyTooDeep: (levels: number) =>
    `The request body is nested too deeply: at most ${levels} levels of arrays and objects.`,
  bodyNotUtf8: 'The request body is not valid UTF-8 text.',
  /** A field (or query parameter) whose text has bytes that are not UTF-8, or half a surrogate pair. */
  brokenText: (field: string) =>
    `${field} is not valid text: it holds bytes that are not UTF-8, or half of a surrogate pair.`,
  brokenFieldName: (where: string) =>
    `A field name in ${where} is not valid text: it holds bytes that are not UTF-8, or half of a surrogate pair.`,
} as const;
