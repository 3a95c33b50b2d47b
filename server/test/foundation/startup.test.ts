import { Writable } from 'node:stream';
import { expect } from 'chai';
import { pino } from 'pino';
import { loadConfig } from '../../src/config.js';
import { startServer } from '../../src/server.js';

describe('start-up', () => {
  it('says which address the links in e-mails use, from PUBLIC_URL', async () => {
    const lines: Array<{ msg: string; publicUrl?: string }> = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line));
        done();
      },
    });
    const config = loadConfig({
      NODE_ENV: 'test',
      PORT: '0',
      HOST: '127.0.0.1',
      PUBLIC_URL: 'http://127.0.0.1:4321',
    });
    const running = await startServer(config, pino({ level: 'info' }, sink), { inMemoryDatabase: true });
    try {
      const announcement = lines.find((line) => /Links in e-mails/.test(line.msg));
      expect(announcement, 'a start-up line about mail links').to.exist;
      expect(announcement!.msg).to.contain('http://127.0.0.1:4321');
      expect(announcement!.publicUrl).to.equal('http://127.0.0.1:4321');
    } finally {
      await running.close();
    }
  });
});
