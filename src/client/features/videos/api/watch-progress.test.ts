import { describe, expect, it } from 'vitest';
import { isFinished as serverRule } from '@shared/schemas/watching.js';
import { isFinished, resumeStart } from './watch-progress.js';

describe('resume', () => {
  it('calls finished exactly what the server does', () => {
    for (const duration of [20, 59, 60, 61, 90, 300, 3600]) {
      for (let position = 0; position <= duration; position += duration / 40) {
        expect(isFinished(position, duration), `${position} of ${duration}`).toBe(
          serverRule(position, duration),
        );
      }
    }
  });

  it('starts at the whole second left off, or from the beginning once finished or unknown', () => {
    expect(resumeStart({ position: 125.9, duration: 600 })).toBe(125);
    expect(resumeStart({ position: 580, duration: 600 })).toBe(0);
    expect(resumeStart({ position: 10, duration: 20 })).toBe(10);
    expect(resumeStart({ position: 19, duration: 20 })).toBe(0);
    expect(resumeStart(null)).toBe(0);
    expect(resumeStart({ position: 5, duration: 0 })).toBe(0);
  });
});
