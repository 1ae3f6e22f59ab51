import { loadConfig } from '@byline/domain/config/config';
import { itRefusesAtStartUp } from '@byline/test-support';

describe('loadConfig', () => {
  it('has defaults for everything', () => {
    const config = loadConfig({});

    expect(config).toEqual(
      expect.objectContaining({
        host: '0.0.0.0',
        articleVerifierPort: 8080,
        journalistVerifierPort: 8081,
        portalPort: 8082,
        dataDir: './data',
        mongodbUri: undefined,
        logLevel: 'info',
        authCacheTtlMs: 1000,
      }),
    );
  });

  it('reads the environment and converts numbers', () => {
    const config = loadConfig({
      ARTICLE_VERIFIER_PORT: '9090',
      JOURNALIST_VERIFIER_PORT: '9091',
      BYLINE_DATA_DIR: '/var/lib/byline',
      MONGODB_URI: 'mongodb://db:27017/byline',
      LOG_LEVEL: 'debug',
      AUTH_CACHE_TTL_MS: '0',
    });

    expect(config).toEqual(
      expect.objectContaining({
        articleVerifierPort: 9090,
        journalistVerifierPort: 9091,
        dataDir: '/var/lib/byline',
        mongodbUri: 'mongodb://db:27017/byline',
        logLevel: 'debug',
        authCacheTtlMs: 0,
      }),
    );
  });

  it('treats an empty MONGODB_URI as unset', () => {
    expect(loadConfig({ MONGODB_URI: '' }).mongodbUri).toBeUndefined();
  });

  itRefusesAtStartUp({
    ARTICLE_VERIFIER_PORT: ['eighty', '70000'],
    JOURNALIST_VERIFIER_PORT: ['-1'],
    PORTAL_PORT: ['80.5'],
    LOG_LEVEL: ['loud'],
    MONGODB_URI: ['postgres://db/byline'],
    AUTH_CACHE_TTL_MS: ['60000'],
  });

  it('names every bad variable at once', () => {
    expect(() => loadConfig({ ARTICLE_VERIFIER_PORT: 'x', LOG_LEVEL: 'y' })).toThrow(
      /ARTICLE_VERIFIER_PORT[\s\S]*LOG_LEVEL|LOG_LEVEL[\s\S]*ARTICLE_VERIFIER_PORT/,
    );
  });
});
