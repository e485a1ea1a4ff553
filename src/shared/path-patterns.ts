/**
 * Address patterns in React Router's syntax, which is Fastify's too: `/videos/:id`. Filled to
 * make links and API reads, matched to find what an address names. No zod here: the first page
 * load imports this.
 */

/** The parameter names of a pattern: 'editVideo/:id' has 'id'. */
type ParamsOf<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamsOf<Rest>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

/** A pattern with its parameters filled in, each encoded as one path segment. */
export function fillPath<P extends string>(
  pattern: P,
  params: Record<ParamsOf<P>, string | number>,
): string {
  const values = params as Record<string, string | number>;
  return pattern.replace(/:(\w+)/g, (_, name: string) =>
    encodeURIComponent(String(values[name] ?? '')),
  );
}

export const segmentsOf = (path: string) => path.split('/').filter(Boolean);

/** A path's segments against a pattern's (`:name` takes any one non-empty segment). */
export function matchSegments(
  want: readonly string[],
  got: readonly string[],
): Record<string, string> | null {
  if (want.length !== got.length) return null;
  const params: Record<string, string> = {};
  for (const [i, part] of want.entries()) {
    const segment = got[i] ?? '';
    if (part.startsWith(':')) params[part.slice(1)] = segment;
    else if (part !== segment) return null;
  }
  return params;
}

/**
 * The parameters of `path` (not decoded, without its query) against a pattern, or null when it
 * does not match: `:name` takes any one non-empty segment.
 */
export function matchPath(pattern: string, path: string): Record<string, string> | null {
  return matchSegments(segmentsOf(pattern), segmentsOf(path));
}
