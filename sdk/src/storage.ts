/** The part of the Web Storage API the SDK needs; pass your own in Node (a file, Redis, …). */
export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/**
 * Storage that never throws. Safari's private mode, blocked cookies (SecurityError on access),
 * a full quota or a broken injected store fall back to memory for the affected key, so the
 * page keeps its identifiers and queue until it unloads.
 */
export class SafeStorage implements KeyValueStorage {
  readonly #memory = new Map<string, string>();
  readonly #backing: () => KeyValueStorage | null | undefined;

  /** `backing` is called on every access: merely reading `window.localStorage` can throw. */
  constructor(backing: () => KeyValueStorage | null | undefined) {
    this.#backing = backing;
  }

  getItem(key: string): string | null {
    if (this.#memory.has(key)) return this.#memory.get(key)!;
    try {
      return this.#backing()?.getItem(key) ?? null;
    } catch {
      return null;
    }
  }

  setItem(key: string, value: string): void {
    try {
      const backing = this.#backing();
      if (backing) {
        backing.setItem(key, value);
        this.#memory.delete(key);
        return;
      }
    } catch {
      // fall through to memory
    }
    this.#memory.set(key, value);
  }

  removeItem(key: string): void {
    this.#memory.delete(key);
    try {
      this.#backing()?.removeItem(key);
    } catch {
      // nothing stored there that we could read anyway
    }
  }
}
