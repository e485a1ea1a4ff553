import { within } from '@testing-library/react';
import { expect } from 'vitest';

/** Checks that `container` holds a link of each accessible name, leading to its address. */
export function expectLinks(
  container: HTMLElement,
  ...links: [name: string | RegExp, href: string][]
) {
  for (const [name, href] of links) {
    expect(within(container).getByRole('link', { name })).toHaveAttribute('href', href);
  }
}
