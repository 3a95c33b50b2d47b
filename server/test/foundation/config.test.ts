import path from 'node:path';
import { expect } from 'chai';
import { ConfigError, loadConfig } from '../../src/config.js';

describe('config', () => {
  it('has working defaults for a fresh machine', () => {
    const config = loadConfig({});
    expect(config.port).to.equal(3000);
    expect(config.env).to.equal('development');
    expect(config.mongodbUri).to.equal(undefined);
    expect(config.publicUrl).to.equal('http://localhost:3000');
    expect(config.dataDir).to.equal(path.resolve('./data'));
    expect(config.bodyLimit).to.equal('1mb');
    expect(config.version).to.match(/^\d+\.\d+\.\d+/);
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ PORT: '', MONGODB_URI: '' }).port).to.equal(3000);
  });

  it('names every invalid variable in one error', () => {
    let caught: unknown;
    try {
      loadConfig({ PORT: 'eighty', MONGODB_URI: 'http://db', NODE_ENV: 'staging' });
    } catch (error) {
      caught = error;
    }
    expect(caught).to.be.instanceOf(ConfigError);
    const message = (caught as ConfigError).message;
    expect(message).to.contain('PORT');
    expect(message).to.contain('MONGODB_URI: must start with mongodb:// or mongodb+srv://');
    expect(message).to.contain('NODE_ENV');
  });

  it('parses TRUST_PROXY as a boolean, a hop count or a list', () => {
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).to.equal(true);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).to.equal(2);
    expect(loadConfig({ TRUST_PROXY: 'loopback' }).trustProxy).to.equal('loopback');
    expect(loadConfig({}).trustProxy).to.equal(false);
  });

  it('is silent in tests and informative elsewhere unless LOG_LEVEL says otherwise', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).logLevel).to.equal('silent');
    expect(loadConfig({ NODE_ENV: 'production' }).logLevel).to.equal('info');
    expect(loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'debug' }).logLevel).to.equal('debug');
  });
});

describe('.env.example', () => {
  it('documents every variable the server reads', async () => {
    const { readFile } = await import('node:fs/promises');
    const { ENVIRONMENT_VARIABLES } = await import('../../src/config.js');
    const example = await readFile(new URL('../../../.env.example', import.meta.url), 'utf8');
    const documented = new Set([...example.matchAll(/^([A-Z][A-Z0-9_]*)=/gm)].map((match) => match[1]));
    expect(ENVIRONMENT_VARIABLES.filter((name) => !documented.has(name))).to.deep.equal([]);
  });
});
