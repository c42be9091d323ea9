/** The agreements' Ethereum address rule: format, then the EIP-55 checksum of a mixed-case address. */
import { describe, expect, it } from 'vitest';
import { messages } from '../../../src/shared/messages.ts';
import { agreementWalletError, checkWalletAddress, isValidWalletAddress, toChecksumAddress } from '../../../src/shared/wallet.ts';

/** The test vectors of EIP-55 itself (https://eips.ethereum.org/EIPS/eip-55, "Test Cases"). */
const EIP55_VECTORS = [
  // All caps
  '0x52908400098527886E0F7030069857D2E4169EE7',
  '0x8617E340B3D01FA5F11F306F4090FD50E238070D',
  // All lower
  '0xde709f2102306220921060314715629080e2fb77',
  '0x27b1fdb04752bbc536007a920d24acb045561c26',
  // Normal
  '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
  '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359',
  '0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB',
  '0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb',
];

describe('EIP-55 checksum', () => {
  it.each(EIP55_VECTORS)('reproduces the reference vector %s', (address) => {
    // The vectors are their own checksummed form (all-caps and all-lower ones happen to have no letters to flip).
    expect(toChecksumAddress(address.toLowerCase())).toBe(address);
    expect(toChecksumAddress(address.toUpperCase().replace('0X', '0x'))).toBe(address);
    expect(checkWalletAddress(address)).toEqual({ valid: true, address });
  });

  it('accepts any all-lower and all-upper address (no checksum to check)', () => {
    const lower = '0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed';
    const upper = '0x5AAEB6053F3E94C9B9A09F33669435E7EF1BEAED';
    expect(checkWalletAddress(lower)).toEqual({ valid: true, address: lower });
    expect(checkWalletAddress(upper)).toEqual({ valid: true, address: upper });
  });

  it('refuses a mixed-case address with one letter in the wrong case', () => {
    const good = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
    for (let i = 2; i < good.length; i++) {
      const c = good[i]!;
      if (!/[a-fA-F]/.test(c)) continue;
      const flipped = good.slice(0, i) + (c === c.toLowerCase() ? c.toUpperCase() : c.toLowerCase()) + good.slice(i + 1);
      expect(checkWalletAddress(flipped), flipped).toEqual({ valid: false, problem: 'checksum' });
    }
  });

  it('refuses a mistyped digit in a checksummed address', () => {
    // One hex digit changed: the case pattern of the original no longer matches the new hash.
    expect(checkWalletAddress('0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAee')).toEqual({ valid: false, problem: 'checksum' });
  });
});

describe('format', () => {
  it('trims the input', () => {
    expect(checkWalletAddress('  0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed\n')).toEqual({
      valid: true,
      address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
    });
  });

  it.each([
    ['empty', ''],
    ['no 0x', '5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed'],
    ['0X prefix', '0X5aaeb6053f3e94c9b9a09f33669435e7ef1beaed'],
    ['41 hex digits', '0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed0'],
    ['39 hex digits', '0x5aaeb6053f3e94c9b9a09f33669435e7ef1beae'],
    ['a non-hex letter', '0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaeg'],
    ['an inner space', '0x5aaeb6053f3e94c9b9a09f 3669435e7ef1beaed'],
    ['a zero-width space', '0x5aaeb6053f3e94c9b9a09f33669435e7ef1beae\u200b'],
    ['full-width digits', '0x５aaeb6053f3e94c9b9a09f33669435e7ef1beae'],
    ['an ENS name', 'vitalik.eth'],
  ])('refuses %s', (_, input) => {
    expect(checkWalletAddress(input)).toEqual({ valid: false, problem: 'format' });
    expect(isValidWalletAddress(input)).toBe(false);
  });
});

describe('the agreements page words', () => {
  it('uses the spec words for a format problem and its own for a checksum problem', () => {
    expect(agreementWalletError('0x12', 'typing')).toBe('Please enter a valid Ethereum address (42 characters starting with 0x)');
    expect(agreementWalletError('0x12', 'proceed')).toBe('Please provide a valid Ethereum wallet address (42 characters starting with 0x)');
    expect(agreementWalletError('0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD', 'proceed')).toBe(messages.legal.walletChecksum);
    expect(agreementWalletError('0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', 'typing')).toBeNull();
  });
});
