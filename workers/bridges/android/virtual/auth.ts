// ADB's RSA authentication, device side: the host signs a 20-byte token with its private key
// (PKCS#1 v1.5 over the SHA-1 DigestInfo prefix + the raw token) or offers its public key as an
// Android RSAPublicKey blob, base64, followed by " user@host".
import { createPublicKey, publicDecrypt, randomBytes, constants } from 'node:crypto';
import type { KeyObject } from 'node:crypto';

export const TOKEN_SIZE = 20;
const SHA1_DIGEST_INFO = Buffer.from('3021300906052b0e03021a05000414', 'hex');

export function newToken(): Buffer {
  return randomBytes(TOKEN_SIZE);
}

function toBase64Url(littleEndian: Buffer): string {
  return Buffer.from(littleEndian).reverse().toString('base64url');
}

/**
 * Parses one line of `adbkey.pub` (or the payload of AUTH RSAPUBLICKEY): the blob is
 * { u32 words; u32 n0inv; u32 n[words]; u32 rr[words]; u32 e }, all little-endian.
 */
export function parseAdbPublicKey(text: string): KeyObject {
  const b64 = text.replace(/\0/g, '').trim().split(/\s+/)[0] ?? '';
  const blob = Buffer.from(b64, 'base64');
  if (blob.length < 12) throw new Error('public key blob too short');
  const words = blob.readUInt32LE(0);
  const expected = 4 + 4 + words * 8 + 4;
  if (words === 0 || words > 512 || blob.length !== expected) throw new Error('malformed public key blob');
  const n = blob.subarray(8, 8 + words * 4);
  const e = blob.readUInt32LE(8 + words * 8);
  const eBytes = Buffer.alloc(4);
  eBytes.writeUInt32LE(e);
  let eTrim = Buffer.from(eBytes).reverse();
  while (eTrim.length > 1 && eTrim[0] === 0) eTrim = eTrim.subarray(1);
  return createPublicKey({ key: { kty: 'RSA', n: toBase64Url(n), e: Buffer.from(eTrim).toString('base64url') }, format: 'jwk' });
}

/** True when `signature` is the host's signature of `token` under `key`. */
export function verifyTokenSignature(key: KeyObject, token: Buffer, signature: Buffer): boolean {
  try {
    const recovered = publicDecrypt({ key, padding: constants.RSA_PKCS1_PADDING }, signature);
    return recovered.equals(Buffer.concat([SHA1_DIGEST_INFO, token]));
  } catch {
    return false;
  }
}
