/**
 * JSON that cannot end its <script> element: '<', '>' and '&' become \u escapes (still the same
 * JSON), and so do the two line separators older parsers choke on.
 */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
