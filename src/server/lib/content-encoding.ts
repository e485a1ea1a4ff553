type Encoding = 'br' | 'gzip' | null;

/** Browsers send a handful of distinct headers: parse each once. Cleared when it fills up. */
const remembered = new Map<string, Encoding>();
const REMEMBERED_MAX = 64;

/** br, else gzip, else none, honouring `;q=0` refusals (and `*`, which stands for either). */
export function preferredEncoding(header: string | string[] | undefined): Encoding {
  if (header === undefined) return null;
  if (typeof header !== 'string') return parse(header);
  let encoding = remembered.get(header);
  if (encoding === undefined) {
    if (remembered.size >= REMEMBERED_MAX) remembered.clear();
    encoding = parse(header);
    remembered.set(header, encoding);
  }
  return encoding;
}

function parse(header: string | string[] | undefined): Encoding {
  const accepted = new Map<string, number>();
  for (const part of [header ?? ''].flat().join(',').split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((param) => /^\s*q=([\d.]+)\s*$/.exec(param)?.[1]).find(Boolean);
    accepted.set(name, q === undefined ? 1 : Number(q));
  }
  const weight = (name: string) => accepted.get(name) ?? accepted.get('*') ?? 0;
  if (weight('br') > 0) return 'br';
  if (weight('gzip') > 0) return 'gzip';
  return null;
}
