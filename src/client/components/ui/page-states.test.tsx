import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { QueryView } from './page-states.js';

const base = { isPending: false, isError: false, error: null, data: undefined };

describe('QueryView', () => {
  it('shows the loading view, labelled, while the query is pending', () => {
    render(
      <QueryView query={{ ...base, isPending: true }} loading={{ label: 'Searching…' }} error="No">
        {() => <p>content</p>}
      </QueryView>,
    );
    expect(screen.getByRole('status')).toHaveTextContent('Searching…');
    expect(screen.queryByText('content')).not.toBeInTheDocument();
  });

  it("shows the page's error text as an alert, or what `error` makes of the error", () => {
    const failed = { ...base, isError: true, error: new Error('gone') };
    const { unmount } = render(
      <QueryView query={failed} error="Error loading page">
        {() => <p>content</p>}
      </QueryView>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Error loading page');
    unmount();
    render(
      <QueryView query={failed} error={(error) => <p>{(error as Error).message}</p>}>
        {() => <p>content</p>}
      </QueryView>,
    );
    expect(screen.getByText('gone')).toBeInTheDocument();
  });

  it('hands the data to its children once loaded', () => {
    render(
      <QueryView query={{ ...base, data: { name: 'Jolene' } }} error="No">
        {(data) => <p>{data.name}</p>}
      </QueryView>,
    );
    expect(screen.getByText('Jolene')).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });
});
