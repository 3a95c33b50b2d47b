import { expect } from 'chai';
import { connect, type Socket } from 'node:net';
import { calculateObjectSize, deserialize, serialize, type Document } from 'bson';
import { MongoClient } from 'mongodb';
import { startTestMongo, uniqueDbName, type TestMongo } from './helpers.js';

/** Minimal raw wire-protocol client for malformed-input tests. */
class RawConn {
  private buf = Buffer.alloc(0);
  private waiters: Array<() => void> = [];
  closed = false;
  private constructor(readonly sock: Socket) {
    sock.on('data', (d: Buffer) => {
      this.buf = Buffer.concat([this.buf, d]);
      this.waiters.splice(0).forEach((w) => w());
    });
    sock.on('close', () => {
      this.closed = true;
      this.waiters.splice(0).forEach((w) => w());
    });
    sock.on('error', () => {});
  }
  static open(host: string, port: number): Promise<RawConn> {
    return new Promise((resolve, reject) => {
      const s = connect(port, host, () => resolve(new RawConn(s)));
      s.once('error', reject);
    });
  }
  write(b: Buffer): void {
    this.sock.write(b);
  }
  /** Next complete message, or null when the server closed the connection. */
  async read(
    timeoutMs = 3000,
  ): Promise<{ opCode: number; responseTo: number; flags: number; doc: Document } | null> {
    const deadline = Date.now() + timeoutMs;
    while (this.buf.length < 4 || this.buf.length < this.buf.readInt32LE(0)) {
      if (this.closed) return null;
      if (Date.now() > deadline) throw new Error('timed out waiting for a reply');
      await new Promise<void>((r) => {
        this.waiters.push(r);
        setTimeout(r, 50);
      });
    }
    const len = this.buf.readInt32LE(0);
    const msg = this.buf.subarray(0, len);
    this.buf = this.buf.subarray(len);
    const opCode = msg.readInt32LE(12);
    const responseTo = msg.readInt32LE(8);
    if (opCode === 2013)
      return { opCode, responseTo, flags: msg.readUInt32LE(16), doc: deserialize(msg.subarray(21)) };
    if (opCode === 1)
      return { opCode, responseTo, flags: msg.readInt32LE(16), doc: deserialize(msg.subarray(36)) };
    throw new Error(`unexpected opcode ${opCode}`);
  }
  async waitClosed(timeoutMs = 3000): Promise<boolean> {
    const deadline = Date.now() + timeoutMs;
    while (!this.closed && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    return this.closed;
  }
  close(): void {
    this.sock.destroy();
  }
}

function crc32c(buf: Uint8Array): number {
  let c = 0xffffffff;
  for (const byte of buf) {
    c ^= byte;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0x82f63b78 ^ (c >>> 1) : c >>> 1;
  }
  return (c ^ 0xffffffff) >>> 0;
}

let reqId = 100;
function opMsg(
  body: Document,
  opts: {
    flags?: number;
    sequences?: Array<[string, Document[]]>;
    checksum?: boolean;
    requestId?: number;
  } = {},
): Buffer {
  const parts: Buffer[] = [
    Buffer.from([0]),
    Buffer.from(
      serialize(body, { minInternalBufferSize: calculateObjectSize(body) + 1024 } as Parameters<
        typeof serialize
      >[1]),
    ),
  ];
  for (const [id, docs] of opts.sequences ?? []) {
    const payload = Buffer.concat([Buffer.from(id + '\0'), ...docs.map((d) => serialize(d))]);
    const size = Buffer.alloc(4);
    size.writeInt32LE(payload.length + 4);
    parts.push(Buffer.from([1]), size, payload);
  }
  let flags = opts.flags ?? 0;
  if (opts.checksum) flags |= 1;
  const sections = Buffer.concat(parts);
  const header = Buffer.alloc(20);
  const len = 20 + sections.length + (opts.checksum ? 4 : 0);
  header.writeInt32LE(len, 0);
  header.writeInt32LE(opts.requestId ?? reqId++, 4);
  header.writeInt32LE(0, 8);
  header.writeInt32LE(2013, 12);
  header.writeUInt32LE(flags, 16);
  const msg = Buffer.concat([header, sections]);
  if (!opts.checksum) return msg;
  const sum = Buffer.alloc(4);
  sum.writeUInt32LE(crc32c(msg));
  return Buffer.concat([msg, sum]);
}

function opQuery(ns: string, query: Document, requestId = reqId++): Buffer {
  const q = serialize(query);
  const name = Buffer.from(ns + '\0');
  const header = Buffer.alloc(20);
  const tail = Buffer.alloc(8);
  tail.writeInt32LE(0, 0);
  tail.writeInt32LE(-1, 4);
  const len = 20 + name.length + 8 + q.length;
  header.writeInt32LE(len, 0);
  header.writeInt32LE(requestId, 4);
  header.writeInt32LE(0, 8);
  header.writeInt32LE(2004, 12);
  header.writeInt32LE(0, 16);
  return Buffer.concat([header, name, tail, q]);
}

describe('db: wire protocol', () => {
  let mongo: TestMongo;
  let host: string;
  let port: number;
  let dbName: string;
  before(async function () {
    mongo = await startTestMongo();
    const u = new URL(mongo.uri.replace(/^mongodb:\/\//, 'http://').split(',')[0] as string);
    if (mongo.uri.startsWith('mongodb+srv')) this.skip();
    host = u.hostname.replace(/^\[|\]$/g, '');
    port = Number(u.port || 27017);
    dbName = uniqueDbName('wire');
  });
  after(async () => {
    const c = new MongoClient(mongo.uri);
    await c
      .db(dbName)
      .dropDatabase()
      .catch(() => {});
    await c.close();
    await mongo.stop();
  });

  it('answers the legacy OP_QUERY handshake with OP_REPLY', async () => {
    const c = await RawConn.open(host, port);
    c.write(opQuery('admin.$cmd', { isMaster: 1, helloOk: true }, 4242));
    const r = await c.read();
    expect(r?.opCode).to.equal(1);
    expect(r?.responseTo).to.equal(4242);
    expect(r?.doc.ismaster).to.equal(true);
    expect(r?.doc.maxWireVersion).to.be.at.least(21);
    expect(r?.doc.ok).to.equal(1);
    c.close();
  });

  it('handles OP_MSG bodies, document sequences, checksums and moreToCome', async () => {
    let c = await RawConn.open(host, port);
    c.write(opMsg({ hello: 1, $db: 'admin' }, { requestId: 7 }));
    const hello = await c.read();
    expect(hello?.opCode).to.equal(2013);
    expect(hello?.responseTo).to.equal(7);
    expect(hello?.doc.isWritablePrimary).to.equal(true);
    c.write(opMsg({ ping: 1, $db: 'admin' }, { checksum: true, requestId: 8 }));
    const pinged = await c.read();
    expect(pinged?.responseTo).to.equal(8);
    expect(pinged?.doc.ok).to.equal(1);
    const corrupt = opMsg({ ping: 1, $db: 'admin' }, { checksum: true, requestId: 9 });
    corrupt.writeUInt32LE((corrupt.readUInt32LE(corrupt.length - 4) + 1) >>> 0, corrupt.length - 4);
    c.write(corrupt);
    const rejected = await c.read();
    if (rejected) {
      expect(rejected.doc.ok).to.equal(0);
      c.close();
      c = await RawConn.open(host, port);
    }
    c.write(opMsg({ insert: 'seq', $db: dbName }, { sequences: [['documents', [{ _id: 1 }, { _id: 2 }]]] }));
    expect((await c.read())?.doc).to.include({ n: 2, ok: 1 });
    // moreToCome: unacknowledged write, no reply; the next command sees its effect
    c.write(
      opMsg({ insert: 'seq', documents: [{ _id: 3 }], writeConcern: { w: 0 }, $db: dbName }, { flags: 2 }),
    );
    c.write(opMsg({ count: 'seq', $db: dbName }, { requestId: 99 }));
    const count = await c.read();
    expect(count?.responseTo).to.equal(99);
    expect(count?.doc.n).to.equal(3);
    c.close();
  });

  it('answers invalid BSON with an error and keeps the connection usable', async () => {
    const c = await RawConn.open(host, port);
    const bad = opMsg({ ping: 1, $db: 'admin' });
    bad.writeInt32LE(9999, 21); // body document claims more bytes than the message holds
    c.write(bad);
    const r = await c.read();
    if (r) {
      expect(r.doc.ok).to.equal(0);
      c.write(opMsg({ ping: 1, $db: 'admin' }));
      expect((await c.read())?.doc.ok).to.equal(1);
    }
    c.close();
  });

  it('drops connections that send impossible lengths or garbage, without affecting others', async () => {
    const client = new MongoClient(mongo.uri);
    await client.connect();
    const coll = client.db(dbName).collection('survivor');
    await coll.insertOne({ before: true });

    const tiny = await RawConn.open(host, port);
    tiny.write(Buffer.from([5, 0, 0, 0, 1]));
    expect(await tiny.waitClosed()).to.equal(true);

    const huge = await RawConn.open(host, port);
    const h = Buffer.alloc(16);
    h.writeInt32LE(64 * 1024 * 1024, 0);
    h.writeInt32LE(2013, 12);
    huge.write(h);
    expect(await huge.waitClosed()).to.equal(true);

    const negative = await RawConn.open(host, port);
    negative.write(Buffer.from([0xff, 0xff, 0xff, 0xff, 0, 0, 0, 0]));
    expect(await negative.waitClosed()).to.equal(true);

    const garbage = await RawConn.open(host, port);
    garbage.write(Buffer.from('GET / HTTP/1.1\r\nHost: x\r\n\r\n'));
    const g = await garbage.read().catch(() => null);
    if (g) expect(g.doc.ok ?? 0).to.not.equal(1);
    garbage.close();

    const truncated = await RawConn.open(host, port);
    truncated.write(opMsg({ ping: 1, $db: 'admin' }).subarray(0, 25));
    truncated.close();

    const unknownOp = await RawConn.open(host, port);
    const u = Buffer.alloc(20);
    u.writeInt32LE(20, 0);
    u.writeInt32LE(1, 4);
    u.writeInt32LE(9999, 12);
    unknownOp.write(u);
    await unknownOp.waitClosed(1000);
    unknownOp.close();

    // the established client and new connections still work
    await coll.insertOne({ after: true });
    expect(await coll.countDocuments()).to.equal(2);
    const fresh = await RawConn.open(host, port);
    fresh.write(opMsg({ ping: 1, $db: 'admin' }));
    expect((await fresh.read())?.doc.ok).to.equal(1);
    fresh.close();
    await client.close();
  });

  it('rejects documents over 16 MB with an error reply', async () => {
    const c = await RawConn.open(host, port);
    const big = 'x'.repeat(17 * 1024 * 1024);
    c.write(opMsg({ insert: 'big', documents: [{ big }], $db: dbName }));
    const r = await c.read(10000);
    if (r) expect(r.doc.ok === 0 || (r.doc.writeErrors?.length ?? 0) > 0).to.equal(true);
    c.close();
    const client = new MongoClient(mongo.uri);
    expect(await client.db(dbName).collection('big').countDocuments()).to.equal(0);
    await client.close();
  });
});
