// Password hashes: Argon2id (memory-hard; @node-rs/argon2, prebuilt native binaries) with a random
// salt per hash, at OWASP's recommended minimum (19 MiB, 2 passes, 1 lane). The parameters are in
// the stored PHC string, so they can be raised later: old hashes still verify and are re-hashed at
// the next login (needsRehash). Node's scrypt at OWASP's settings took 0.5-1 s per hash on the
// 2-core build machines, too slow for the login and lock tests; Argon2id takes ~30 ms.

import { randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

// algorithm 2 is Argon2id (the package's Algorithm enum is an ambient const enum, unusable with isolatedModules).
const OPTIONS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password.normalize('NFC'), OPTIONS);
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  if (!stored.startsWith('$argon2id$')) return false;
  try {
    return await verify(stored, password.normalize('NFC'));
  } catch {
    return false;
  }
}

/** True when the hash was made with weaker parameters than today's. */
export function needsRehash(stored: string): boolean {
  const params = /\$m=(\d+),t=(\d+),p=(\d+)\$/.exec(stored);
  if (!stored.startsWith('$argon2id$') || !params) return true;
  const [m, t, p] = params.slice(1).map(Number);
  return m < OPTIONS.memoryCost || t < OPTIONS.timeCost || p < OPTIONS.parallelism;
}

// Verified against when the user does not exist, so "no such user" takes as long as "wrong
// password" and timing does not tell which mobile numbers have accounts.
let dummy: Promise<string> | undefined;
export function dummyHash(): Promise<string> {
  dummy ??= hashPassword(randomBytes(12).toString('base64url'));
  return dummy;
}
