import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadEnvFile } from './env-file.js';
import { configSchema, loadConfig } from './env.js';

const folder = mkdtempSync(join(tmpdir(), 'twang-env-'));
const file = (name: string, text: string) => {
  const path = join(folder, name);
  writeFileSync(path, text);
  return path;
};

describe('loadEnvFile', () => {
  it('takes settings from the file, and the environment wins over it', () => {
    const env: NodeJS.ProcessEnv = { PORT: '4000' };
    const path = file(
      'settings.env',
      '# a comment\nPORT=5000\nBRAND_NAME="Twang Live"\nIMAGE_HOSTS=a.example.com,b.example.com\n',
    );
    expect(loadEnvFile(path, env)).toEqual(['BRAND_NAME', 'IMAGE_HOSTS']);
    const config = loadConfig(env);
    expect(config.PORT).toBe(4000);
    expect(config.BRAND_NAME).toBe('Twang Live');
    expect(config.IMAGE_HOSTS).toEqual(['a.example.com', 'b.example.com']);
  });

  it('does nothing without a file', () => {
    const env: NodeJS.ProcessEnv = {};
    expect(loadEnvFile(join(folder, 'absent.env'), env)).toEqual([]);
    expect(env).toEqual({});
  });
});

describe('.env.example', () => {
  const example = readFileSync(new URL('../../.env.example', import.meta.url), 'utf8');
  const listed = [...example.matchAll(/^#? ?([A-Z][A-Z0-9_]*)=/gm)].map((match) => match[1]);

  it('lists every setting the server reads, once', () => {
    expect([...listed].sort()).toEqual(Object.keys(configSchema.shape).sort());
  });

  it('changes nothing when copied as it is: every line is a comment', () => {
    const env: NodeJS.ProcessEnv = {};
    expect(loadEnvFile(file('copied.env', example), env)).toEqual([]);
  });
});
