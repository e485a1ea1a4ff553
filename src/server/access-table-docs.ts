import { ACCESS, type Access } from './access-table.js';

/** docs/api.md holds the table between these lines; npm run docs:access rewrites it. */
export const TABLE_START =
  '<!-- access-table:start (generated from src/server/access-table.ts by npm run docs:access) -->';
export const TABLE_END = '<!-- access-table:end -->';

const WHO: Record<Access, string> = {
  public: 'anyone',
  user: 'a signed-in user',
  admin: 'an administrator',
};
const TOKEN: Record<Access, string> = { public: 'no', user: 'yes', admin: 'yes' };

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

/** Who may call each route, from the access table itself, in its order. */
export function accessTableMarkdown(): string {
  const rows = Object.entries(ACCESS).map(([route, access]) => [
    `\`${route.replace(/:(\w+)/g, '{$1}')}\``,
    WHO[access],
    TOKEN[access],
  ]);
  return markdownTable(['route', 'who may call it', 'bearer token needed'], rows);
}

/** The table block as docs/api.md should hold it. */
export const accessTableBlock = () =>
  [TABLE_START, '', accessTableMarkdown(), '', TABLE_END].join('\n');

/** The block docs/api.md holds now, or null when its markers are missing. */
export function currentAccessTableBlock(markdown: string): string | null {
  const start = markdown.indexOf(TABLE_START);
  const end = markdown.indexOf(TABLE_END);
  if (start < 0 || end < start) return null;
  return markdown.slice(start, end + TABLE_END.length);
}
