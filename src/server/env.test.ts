import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, shouldSeedDemo } from './env.js';

describe('loadConfig', () => {
  it('fills the documented defaults', () => {
    const config = loadConfig({});
    expect(config.PORT).toBe(3000);
    expect(config.DATA_DIR).toBe('./data');
    expect(config.BRAND_NAME).toBe('Twang');
    expect(config.YOUTUBE_API_URL).toBe('https://www.googleapis.com/youtube/v3');
    expect(config.YOUTUBE_IFRAME_API_URL).toBe('https://www.youtube.com/iframe_api');
    expect([
      config.PAGE_CACHE_MB,
      config.VIEWER_CACHE_SESSIONS,
      config.VIEWER_CACHE_LIKED_IDS,
    ]).toEqual([20, 10_000, 200_000]);
  });

  const failure = (env: Record<string, string>) => {
    try {
      loadConfig(env);
    } catch (caught) {
      expect(caught).toBeInstanceOf(ConfigError);
      return (caught as Error).message;
    }
    throw new Error('loadConfig accepted a bad environment');
  };

  it('refuses an IFrame API script address that is not a URL', () => {
    expect(failure({ YOUTUBE_IFRAME_API_URL: 'iframe_api' })).toContain('YOUTUBE_IFRAME_API_URL:');
  });

  it('lists every bad field in one error', () => {
    const message = failure({ PORT: 'eighty', DATABASE_URL: 'mysql://x', LOG_LEVEL: 'loud' });
    expect(message).toContain('PORT:');
    expect(message).toContain('DATABASE_URL: must start with postgres:// or be memory://');
    expect(message).toContain('LOG_LEVEL:');
  });

  it('wants ADMIN_EMAIL and ADMIN_PASSWORD together', () => {
    expect(failure({ ADMIN_EMAIL: 'a@b.co' })).toContain(
      'ADMIN_PASSWORD: ADMIN_EMAIL and ADMIN_PASSWORD must be set together',
    );
  });

  it('splits CORS_ORIGINS on commas and ignores empty variables', () => {
    const config = loadConfig({
      CORS_ORIGINS: 'https://a.example, https://b.example',
      SMTP_URL: '',
    });
    expect(config.CORS_ORIGINS).toEqual(['https://a.example', 'https://b.example']);
    expect(config.SMTP_URL).toBeUndefined();
  });

  it('seeds demo content by default only on the embedded database', () => {
    expect(shouldSeedDemo(loadConfig({}))).toBe(true);
    expect(shouldSeedDemo(loadConfig({ DATABASE_URL: 'postgres://x@y/z' }))).toBe(false);
    expect(shouldSeedDemo(loadConfig({ DATABASE_URL: 'postgres://x@y/z', SEED: 'demo' }))).toBe(
      true,
    );
    expect(shouldSeedDemo(loadConfig({ SEED: 'none' }))).toBe(false);
    // The throw-away embedded database starts with the demo too, unless told not to.
    expect(shouldSeedDemo(loadConfig({ DATABASE_URL: 'memory://' }))).toBe(true);
    expect(shouldSeedDemo(loadConfig({ DATABASE_URL: 'memory://', SEED: 'none' }))).toBe(false);
  });

  it('takes the caches’ sizes as whole numbers in their bounds, and names a bad one', () => {
    const config = loadConfig({ PAGE_CACHE_MB: '8', VIEWER_CACHE_SESSIONS: '500' });
    expect([config.PAGE_CACHE_MB, config.VIEWER_CACHE_SESSIONS]).toEqual([8, 500]);
    const message = failure({ PAGE_CACHE_MB: '0', VIEWER_CACHE_LIKED_IDS: 'lots' });
    expect(message).toMatch(/PAGE_CACHE_MB/);
    expect(message).toMatch(/VIEWER_CACHE_LIKED_IDS/);
  });
});
