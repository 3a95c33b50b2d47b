/**
 * Logical sessions seen in the `lsid` field of commands, kept for `$listLocalSessions` like mongod's session cache.
 */
import { createHash } from 'node:crypto';
import { type Doc, isPlainObject, keyOf } from '../bson/values.js';

const SESSION_TIMEOUT_MS = 30 * 60 * 1000;

function sessionKey(lsid: unknown): string {
  return isPlainObject(lsid) ? keyOf(lsid.id) : keyOf(lsid);
}

export class Sessions {
  private readonly sessions = new Map<string, { id: unknown; lastUse: Date }>();

  /** Notes the session a command carries in `lsid`. */
  touch(lsid: unknown): void {
    if (!isPlainObject(lsid) || lsid.id === undefined) return;
    this.sessions.set(sessionKey(lsid), { id: lsid.id, lastUse: new Date() });
    if (this.sessions.size > 10_000) this.expire();
  }

  end(lsid: unknown): void {
    this.sessions.delete(sessionKey(lsid));
  }

  expire(now = Date.now()): void {
    for (const [k, s] of this.sessions)
      if (now - s.lastUse.getTime() > SESSION_TIMEOUT_MS) this.sessions.delete(k);
  }

  /** The documents `$listLocalSessions` lists. */
  local(): Doc[] {
    const uid = createHash('sha256').update('').digest();
    return [...this.sessions.values()].map((s) => ({ _id: { id: s.id, uid }, lastUse: s.lastUse }));
  }
}
