/**
 * MongoDB wire protocol framing: OP_MSG (2013), legacy OP_QUERY (2004) answered with OP_REPLY (1).
 * https://github.com/mongodb/specifications/blob/master/source/message/OP_MSG.md
 */
import { deserialize, serialize } from 'bson';
import { nameIs, walkElements } from '../query/partial.js';
import { noteProtoFree } from '../query/paths.js';
import { receivedBytes, serializeWithRawBatch } from '../bson/raw.js';
import { mongoError } from '../errors.js';
import type { Doc } from '../bson/values.js';

export const OP_REPLY = 1;
export const OP_QUERY = 2004;
export const OP_COMPRESSED = 2012;
export const OP_MSG = 2013;

export const MAX_BSON_OBJECT_SIZE = 16 * 1024 * 1024;
/** mongod accepts command documents slightly above the user limit (16 KiB of headroom). */
export const MAX_COMMAND_SIZE = MAX_BSON_OBJECT_SIZE + 16 * 1024;
export const MAX_MESSAGE_SIZE = 48_000_000;

export const FLAG_CHECKSUM_PRESENT = 1 << 0;
export const FLAG_MORE_TO_COME = 1 << 1;
export const FLAG_EXHAUST_ALLOWED = 1 << 16;

export interface Header {
  length: number;
  requestId: number;
  responseTo: number;
  opCode: number;
}

export type Request =
  | { kind: 'msg'; header: Header; flags: number; body: Doc }
  | {
      kind: 'query';
      header: Header;
      flags: number;
      collection: string;
      skip: number;
      nToReturn: number;
      body: Doc;
    };

/** bson decode options: exact numeric types (normalized later by types.ts), JS RegExp. */
const DECODE_OPTIONS = {
  promoteValues: false,
  promoteLongs: false,
  promoteBuffers: false,
  validation: { utf8: false },
} as const;

export function decodeDocument(buf: Buffer, offset: number, limit: number): { doc: Doc; size: number } {
  if (offset + 4 > limit) throw mongoError(22, 'Invalid BSON: document length exceeds message');
  const size = buf.readInt32LE(offset);
  if (size < 5 || offset + size > limit)
    throw mongoError(22, `Invalid BSON: document length ${size} is invalid`);
  if (size > MAX_COMMAND_SIZE)
    throw mongoError(
      10334,
      `BSONObj size: ${size} (0x${size.toString(16).toUpperCase()}) is invalid. Size must be between 0 and 16793600(16MB)`,
    );
  try {
    const doc = deserialize(buf.subarray(offset, offset + size), DECODE_OPTIONS) as Doc;
    return { doc, size };
  } catch (e) {
    throw mongoError(22, `Invalid BSON: ${(e as Error).message}`);
  }
}

const DOCUMENTS = Buffer.from('documents');

/**
 * Remembers the bytes of each document of a body's `documents` array (receivedBytes), read from the body's
 * BSON: the last element of that name (the one the decoder kept), each array element an embedded document.
 */
function rememberDocumentBytes(body: Buffer, docs: unknown[]): void {
  let array: Buffer | undefined;
  walkElements(body, (type, start, nameEnd, valueAt, next) => {
    if (nameIs(body, start, nameEnd, DOCUMENTS))
      array = type === 0x04 ? body.subarray(valueAt, next) : undefined;
    return true;
  });
  if (!array) return;
  const elements: Buffer[] = [];
  let allDocuments = true;
  const bytes = array;
  walkElements(bytes, (type, _start, _nameEnd, valueAt, next) => {
    allDocuments = type === 0x03;
    if (allDocuments) elements.push(bytes.subarray(valueAt, next));
    return allDocuments;
  });
  if (!allDocuments || elements.length !== docs.length) return;
  for (let i = 0; i < docs.length; i++) receivedBytes.set(docs[i] as Doc, elements[i] as Buffer);
}

function readCString(buf: Buffer, offset: number, limit: number): { value: string; next: number } {
  const end = buf.indexOf(0, offset);
  if (end < 0 || end >= limit) throw mongoError(9, 'Invalid message: unterminated C string');
  return { value: buf.toString('utf8', offset, end), next: end + 1 };
}

export function readHeader(buf: Buffer): Header {
  return {
    length: buf.readInt32LE(0),
    requestId: buf.readInt32LE(4),
    responseTo: buf.readInt32LE(8),
    opCode: buf.readInt32LE(12),
  };
}

/** Parses one complete message. Throws MongoServerError for malformed content. */
export function parseMessage(msg: Buffer): Request {
  const header = readHeader(msg);
  const limit = msg.length;
  if (header.opCode === OP_MSG) {
    const flags = msg.readUInt32LE(16);
    // Unknown required flag bits (0-15) must make the server reject the message.
    const required = flags & 0xffff;
    if (required & ~(FLAG_CHECKSUM_PRESENT | FLAG_MORE_TO_COME))
      throw mongoError(40415, `Unrecognized flag bits in OP_MSG: ${flags}`);
    const end = flags & FLAG_CHECKSUM_PRESENT ? limit - 4 : limit;
    if (flags & FLAG_CHECKSUM_PRESENT) {
      if (end < 21) throw mongoError(9, 'Invalid message: too short for a checksum');
      if (crc32c(msg.subarray(0, end)) !== msg.readUInt32LE(end))
        throw mongoError(50896, 'Invalid OP_MSG: checksum mismatch');
    }
    let offset = 20;
    let body: Doc | undefined;
    const sequences: Array<[string, Doc[]]> = [];
    while (offset < end) {
      const kind = msg.readUInt8(offset);
      offset += 1;
      if (kind === 0) {
        if (body) throw mongoError(40430, 'Multiple body sections in message');
        const { doc, size } = decodeDocument(msg, offset, end);
        body = doc;
        if (Array.isArray(doc.documents))
          rememberDocumentBytes(msg.subarray(offset, offset + size), doc.documents);
        offset += size;
      } else if (kind === 1) {
        if (offset + 4 > end) throw mongoError(9, 'Invalid document sequence section');
        const size = msg.readInt32LE(offset);
        const secEnd = offset + size;
        if (size < 5 || secEnd > end) throw mongoError(9, 'Invalid document sequence size');
        const id = readCString(msg, offset + 4, secEnd);
        let p = id.next;
        const docs: Doc[] = [];
        while (p < secEnd) {
          const { doc, size: s } = decodeDocument(msg, p, secEnd);
          docs.push(doc);
          receivedBytes.set(doc, msg.subarray(p, p + s));
          p += s;
        }
        sequences.push([id.value, docs]);
        offset = secEnd;
      } else {
        throw mongoError(40432, `Unknown section kind ${kind}`);
      }
    }
    if (!body) throw mongoError(40587, 'OP_MSG requires a body');
    for (const [id, docs] of sequences) {
      if (id in body)
        throw mongoError(40433, `Duplicate field name in OP_MSG document sequence and body: ${id}`);
      body[id] = docs;
    }
    noteProtoFree(msg.subarray(20, end), body);
    return { kind: 'msg', header, flags, body };
  }
  if (header.opCode === OP_QUERY) {
    const flags = msg.readInt32LE(16);
    const coll = readCString(msg, 20, limit);
    let offset = coll.next;
    if (offset + 8 > limit) throw mongoError(9, 'Invalid OP_QUERY message');
    const skip = msg.readInt32LE(offset);
    const nToReturn = msg.readInt32LE(offset + 4);
    offset += 8;
    const { doc } = decodeDocument(msg, offset, limit);
    return { kind: 'query', header, flags, collection: coll.value, skip, nToReturn, body: doc };
  }
  throw mongoError(2, `Unsupported opcode ${header.opCode}`);
}

const CRC32C_TABLE = (() => {
  const t = new Uint32Array(256);
  for (let i = 0; i < 256; i++) {
    let c = i;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0x82f63b78 ^ (c >>> 1) : c >>> 1;
    t[i] = c >>> 0;
  }
  return t;
})();

/** CRC-32C (Castagnoli), the OP_MSG checksum. */
export function crc32c(buf: Uint8Array): number {
  let c = 0xffffffff;
  for (let i = 0; i < buf.length; i++)
    c = (CRC32C_TABLE[(c ^ (buf[i] as number)) & 0xff] as number) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

let nextRequestId = 1;

const ENCODE_OPTIONS = { ignoreUndefined: true, checkKeys: false } as const;

export function encodeOpMsg(responseTo: number, body: Doc, flags = 0): Buffer {
  const HEADER = 21;
  const writeHeader = (message: Buffer) => {
    message.writeInt32LE(message.length, 0);
    message.writeInt32LE(nextRequestId++ & 0x7fffffff, 4);
    message.writeInt32LE(responseTo, 8);
    message.writeInt32LE(OP_MSG, 12);
    message.writeUInt32LE(flags, 16);
    message.writeUInt8(0, 20);
    return message;
  };
  // A batch of stored documents is written straight after the header (see raw.ts).
  const assembled = serializeWithRawBatch(body, HEADER);
  if (assembled) return writeHeader(assembled);
  const bson = serialize(body, ENCODE_OPTIONS);
  const message = Buffer.allocUnsafe(HEADER + bson.length);
  message.set(bson, HEADER);
  return writeHeader(message);
}

export function encodeOpReply(responseTo: number, doc: Doc): Buffer {
  const bson = serialize(doc, ENCODE_OPTIONS);
  const header = Buffer.alloc(36);
  const length = 36 + bson.length;
  header.writeInt32LE(length, 0);
  header.writeInt32LE(nextRequestId++ & 0x7fffffff, 4);
  header.writeInt32LE(responseTo, 8);
  header.writeInt32LE(OP_REPLY, 12);
  header.writeInt32LE(0, 16); // responseFlags
  header.writeBigInt64LE(0n, 20); // cursorID
  header.writeInt32LE(0, 28); // startingFrom
  header.writeInt32LE(1, 32); // numberReturned
  return Buffer.concat([header, bson], length);
}
