/**
 * The Ethereum address rule of the agreements step (spec section 5 "Wallet address"): trimmed, "0x" and exactly 40
 * hex digits. An address written in mixed case carries an EIP-55 checksum (each letter upper case when the matching
 * nibble of keccak-256 of the lower-case address is 8 or more), and must pass it: a mistyped or altered character
 * then fails instead of sending tokens to an address nobody controls. All-lower and all-upper case carry no checksum
 * and are accepted as they are.
 */
import { keccak_256 } from '@noble/hashes/sha3.js';
import { messages } from './messages.ts';

/** The spec's length: "0x" + 40 hex characters. */
export const WALLET_ADDRESS_LENGTH = 42;

const FORMAT = /^0x[0-9a-fA-F]{40}$/;

export type WalletProblem = 'format' | 'checksum';

export type WalletCheck = { valid: true; address: string } | { valid: false; problem: WalletProblem };

/** The EIP-55 form of a well-formed address (any case in, checksummed case out). */
export function toChecksumAddress(address: string): string {
  const hex = address.trim().slice(2).toLowerCase();
  if (!/^[0-9a-f]{40}$/.test(hex)) throw new Error('Not an Ethereum address (0x and 40 hex digits)');
  const hash = keccak_256(new TextEncoder().encode(hex));
  let out = '0x';
  for (let i = 0; i < 40; i++) {
    const char = hex[i] as string;
    const byte = hash[i >> 1] as number;
    const nibble = i % 2 === 0 ? byte >> 4 : byte & 0x0f;
    out += nibble >= 8 ? char.toUpperCase() : char;
  }
  return out;
}

/**
 * Checks an address as typed. `address` in the answer is the trimmed input, in the case it was given (an all-lower
 * address stays all-lower: the investor's own spelling is what is stored and shown back).
 */
export function checkWalletAddress(input: string): WalletCheck {
  const address = input.trim();
  if (!FORMAT.test(address)) return { valid: false, problem: 'format' };
  const hex = address.slice(2);
  const mixedCase = hex !== hex.toLowerCase() && hex !== hex.toUpperCase();
  if (mixedCase && toChecksumAddress(address) !== address) return { valid: false, problem: 'checksum' };
  return { valid: true, address };
}

export const isValidWalletAddress = (input: string): boolean => checkWalletAddress(input).valid;

/**
 * The agreements page's words for an address, or null when it is valid. `when` is 'typing' for the live message
 * under the field (section 5) and 'proceed' for Proceed with a bad address (section 8).
 */
export function agreementWalletError(input: string, when: 'typing' | 'proceed'): string | null {
  const check = checkWalletAddress(input);
  if (check.valid) return null;
  if (check.problem === 'checksum') return messages.legal.walletChecksum;
  return when === 'typing' ? messages.legal.walletInvalid : messages.legal.walletRequired;
}
