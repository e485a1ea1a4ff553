import { describe, expect, it } from 'vitest';
import { episodeNumberFromTitle } from './episode-number.js';

describe('episodeNumberFromTitle', () => {
  it.each([
    ['Twang Sessions Episode 123: Wade Hollister', 123],
    ['EPISODE 7 – live', 7],
    ['episode #42 – porch songs', 42],
    ['Ep. 12 – June Caldwell plays "Blue Ridge Rain"', 12],
    ['Ep 9 Hank Pruitt', 9],
    ['Boone Tolliver – Gravel Road Home (Live) #118', 118],
    ['Episode 5 and #9', 5],
  ])('reads %s', (title, expected) => {
    expect(episodeNumberFromTitle(title)).toBe(expected);
  });

  it.each([
    'Behind the Scenes with Opal Ransom',
    'Deep 45 Sessions',
    'Step 3: tune the fiddle',
    'Episode one',
    'New EP2024 out now',
    '',
  ])('finds none in %s', (title) => {
    expect(episodeNumberFromTitle(title)).toBeNull();
  });
});
