import type { Access, RouteRule } from './route-rules.js';

/** docs/api.md holds the table between these lines; npm run docs:access rewrites it. */
export const TABLE_START =
  "<!-- access-table:start (generated from the routes' config.access by npm run docs:access) -->";
export const TABLE_END = '<!-- access-table:end -->';

const WHO: Record<Access, string> = {
  public: 'anyone',
  user: 'a signed-in user',
  admin: 'an administrator',
};
const TOKEN: Record<Access, string> = { public: 'no', user: 'yes', admin: 'yes' };
const ORDER: Access[] = ['public', 'user', 'admin'];

/** A Markdown table laid out as Prettier lays it out, so `prettier --check` leaves it alone. */
function markdownTable(header: string[], rows: string[][]): string {
  const widths = header.map((cell, column) =>
    Math.max(cell.length, ...rows.map((row) => row[column]!.length)),
  );
  const line = (cells: string[]) =>
    `| ${cells.map((cell, column) => cell.padEnd(widths[column]!)).join(' | ')} |`;
  const rule = `| ${widths.map((width) => '-'.repeat(width)).join(' | ')} |`;
  return [line(header), rule, ...rows.map(line)].join('\n');
}

/** Who may call each route: anyone's first, then a user's, then an administrator's. */
export function accessTableMarkdown(rules: readonly RouteRule[]): string {
  const rows = ORDER.flatMap((access) =>
    rules
      .filter((rule) => rule.access === access)
      .map((rule) => [
        `\`${rule.method} ${rule.url.replace(/:(\w+)/g, '{$1}')}\``,
        WHO[access],
        TOKEN[access],
      ]),
  );
  return markdownTable(['route', 'who may call it', 'bearer token needed'], rows);
}

/** The table block as docs/api.md should hold it. */
export const accessTableBlock = (rules: readonly RouteRule[]) =>
  [TABLE_START, '', accessTableMarkdown(rules), '', TABLE_END].join('\n');

/** The block docs/api.md holds now, or null when its markers are missing. */
export function currentAccessTableBlock(markdown: string): string | null {
  const start = markdown.indexOf(TABLE_START);
  const end = markdown.indexOf(TABLE_END);
  if (start < 0 || end < start) return null;
  return markdown.slice(start, end + TABLE_END.length);
}
