/**
 * Decimal128 arithmetic and comparison.
 *
 * The `bson` package stores Decimal128 values but does no arithmetic, and mingo compares them by their string
 * form ("10" < "9"). mongod compares decimals with every other number by exact value and keeps decimal results
 * decimal. Values here are coefficient × 10^exponent with a BigInt coefficient (34 significant digits, rounded
 * half to even like IEEE 754-2008 decimal128).
 */
import { Decimal128 } from 'bson';
import { bsonType } from './values.js';

interface Dec {
  /** NaN and ±Infinity are kept by name. */
  special?: 'NaN' | 'Infinity' | '-Infinity';
  coef: bigint;
  exp: number;
}

const MAX_DIGITS = 34;

export function isDecimal(v: unknown): v is Decimal128 {
  return bsonType(v) === 'Decimal128';
}

/** Whether a value is a number mongod would do arithmetic with (JS number, Long, Int32, Double, Decimal128). */
export function isNumberLike(v: unknown): boolean {
  if (typeof v === 'number' || typeof v === 'bigint') return true;
  const t = bsonType(v);
  return t === 'Decimal128' || t === 'Long' || t === 'Int32' || t === 'Double';
}

function parse(s: string): Dec {
  const t = s.trim();
  if (/^[+-]?nan$/i.test(t)) return { special: 'NaN', coef: 0n, exp: 0 };
  if (/^\+?inf(inity)?$/i.test(t)) return { special: 'Infinity', coef: 0n, exp: 0 };
  if (/^-inf(inity)?$/i.test(t)) return { special: '-Infinity', coef: 0n, exp: 0 };
  const m = /^([+-]?)(\d*)(?:\.(\d*))?(?:e([+-]?\d+))?$/i.exec(t);
  if (!m) return { special: 'NaN', coef: 0n, exp: 0 };
  const int = m[2] ?? '';
  const frac = m[3] ?? '';
  let coef = BigInt((int + frac).replace(/^0+(?=\d)/, '') || '0');
  if (m[1] === '-') coef = -coef;
  return { coef, exp: Number(m[4] ?? 0) - frac.length };
}

/** The exact decimal value of a number-like value (a double by its shortest round-trip form). */
function toDec(v: unknown): Dec {
  if (typeof v === 'number') {
    if (Number.isNaN(v)) return { special: 'NaN', coef: 0n, exp: 0 };
    if (!Number.isFinite(v)) return { special: v > 0 ? 'Infinity' : '-Infinity', coef: 0n, exp: 0 };
    return parse(Number.isInteger(v) && Math.abs(v) < 1e21 ? BigInt(v).toString() : String(v));
  }
  if (typeof v === 'bigint') return { coef: v, exp: 0 };
  return parse(String(v));
}

function digits(n: bigint): number {
  return (n < 0n ? -n : n).toString().length;
}

/** Rounds to 34 significant digits, half to even. */
function round(d: Dec): Dec {
  if (d.special) return d;
  let { coef, exp } = d;
  const extra = digits(coef) - MAX_DIGITS;
  if (extra <= 0) return d;
  const div = 10n ** BigInt(extra);
  const neg = coef < 0n;
  const abs = neg ? -coef : coef;
  let q = abs / div;
  const r = abs % div;
  const half = div / 2n;
  if (r > half || (r === half && q % 2n === 1n)) q += 1n;
  coef = neg ? -q : q;
  exp += extra;
  return round({ coef, exp });
}

function toDecimal128(d: Dec): Decimal128 {
  if (d.special) return Decimal128.fromString(d.special);
  const r = round(d);
  const neg = r.coef < 0n;
  const abs = (neg ? -r.coef : r.coef).toString();
  return Decimal128.fromString(`${neg ? '-' : ''}${abs}E${r.exp}`);
}

function align(a: Dec, b: Dec): [bigint, bigint, number] {
  const exp = Math.min(a.exp, b.exp);
  return [a.coef * 10n ** BigInt(a.exp - exp), b.coef * 10n ** BigInt(b.exp - exp), exp];
}

function specialArith(op: string, a: Dec, b: Dec): Dec | undefined {
  if (!a.special && !b.special) return undefined;
  const num = (d: Dec) =>
    d.special === 'NaN'
      ? NaN
      : d.special === 'Infinity'
        ? Infinity
        : d.special === '-Infinity'
          ? -Infinity
          : Number(d.coef);
  const x = num(a);
  const y = num(b);
  const r = op === '+' ? x + y : op === '-' ? x - y : op === '*' ? x * y : x / y;
  return toDec(r);
}

/** a op b where at least one side is a Decimal128; the result is a Decimal128. */
export function decimalArith(op: '+' | '-' | '*' | '/', x: unknown, y: unknown): Decimal128 {
  const a = toDec(x);
  const b = toDec(y);
  const s = specialArith(op, a, b);
  if (s) return toDecimal128(s);
  if (op === '+' || op === '-') {
    const [ca, cb, exp] = align(a, b);
    return toDecimal128({ coef: op === '+' ? ca + cb : ca - cb, exp });
  }
  if (op === '*') return toDecimal128({ coef: a.coef * b.coef, exp: a.exp + b.exp });
  if (b.coef === 0n)
    return toDecimal128(a.coef === 0n ? toDec(NaN) : toDec(a.coef > 0n ? Infinity : -Infinity));
  // division: enough digits for 34 significant ones, then trailing zeros down to the ideal exponent
  const scale = MAX_DIGITS + 2 + Math.max(0, digits(b.coef) - digits(a.coef));
  let coef = (a.coef * 10n ** BigInt(scale)) / b.coef;
  let exp = a.exp - b.exp - scale;
  const ideal = a.exp - b.exp;
  while (exp < ideal && coef % 10n === 0n && coef !== 0n) {
    coef /= 10n;
    exp++;
  }
  if (coef === 0n) exp = ideal;
  return toDecimal128({ coef, exp });
}

/** Compares two number-like values exactly (decimals by value, not by their string form). NaN sorts first. */
export function compareNumbers(x: unknown, y: unknown): number {
  if (typeof x === 'number' && typeof y === 'number') {
    // the common case, without decimal conversion; NaN sorts before every number and equals itself
    if (x < y) return -1;
    if (x > y) return 1;
    if (x === y) return 0;
    return Number.isNaN(x) ? (Number.isNaN(y) ? 0 : -1) : 1;
  }
  const a = toDec(x);
  const b = toDec(y);
  const rank = (d: Dec) =>
    d.special === 'NaN' ? 0 : d.special === '-Infinity' ? 1 : d.special === 'Infinity' ? 3 : 2;
  const ra = rank(a);
  const rb = rank(b);
  if (ra !== 2 || rb !== 2) return ra === rb ? 0 : ra < rb ? -1 : 1;
  const [ca, cb] = align(a, b);
  return ca === cb ? 0 : ca < cb ? -1 : 1;
}

/** The value as a JS number (for operators that only work on doubles). */
export function toNumber(v: unknown): number {
  if (typeof v === 'number') return v;
  return Number(String(v));
}
