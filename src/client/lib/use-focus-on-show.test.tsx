import { act, render, screen } from '@testing-library/react';
import { useRef } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useFocusOnShow } from './use-focus-on-show.js';

afterEach(() => {
  vi.useRealTimers();
});

function Shown() {
  const target = useRef<HTMLInputElement>(null);
  useFocusOnShow(() => target.current?.focus());
  return (
    <>
      <button type="button">Close</button>
      <input aria-label="Other" />
      <input aria-label="Target" ref={target} />
    </>
  );
}

describe('useFocusOnShow', () => {
  it('focuses at once, and takes the focus back a frame later from a button (showModal’s ×)', () => {
    vi.useFakeTimers();
    render(<Shown />);
    expect(screen.getByLabelText('Target')).toHaveFocus();
    screen.getByRole('button', { name: 'Close' }).focus();
    act(() => vi.advanceTimersToNextFrame());
    expect(screen.getByLabelText('Target')).toHaveFocus();
  });

  it('leaves alone a field the person went to before that frame', () => {
    vi.useFakeTimers();
    render(<Shown />);
    screen.getByLabelText('Other').focus();
    act(() => vi.advanceTimersToNextFrame());
    expect(screen.getByLabelText('Other')).toHaveFocus();
  });
});
