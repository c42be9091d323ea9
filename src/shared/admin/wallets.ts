/**
 * The investor's wallets as the back-office shows them (issue 26): the one recorded with the signed agreements, where
 * the tokens are issued (null until the agreements step is complete; it cannot change after), and the one given at
 * registration, which the investor may have replaced on the agreements page. Both are in the payment and KYC case
 * answers; `walletFacts` is the one rule for how a page labels them.
 */
import * as v from 'valibot';

export const InvestorWalletsSchema = v.object({ signed: v.nullable(v.string()), registration: v.string() });
export type InvestorWallets = v.InferOutput<typeof InvestorWalletsSchema>;

export type WalletFact = { label: string; address: string };

/** One address written two ways (EIP-55 mixed case, or all lower case) is one wallet. */
const sameAddress = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/** The labelled rows a case page shows: the token wallet first; the registration one beside it only when it differs. */
export function walletFacts({ signed, registration }: InvestorWallets): WalletFact[] {
  if (signed === null) return [{ label: 'Wallet at registration (agreements not signed yet)', address: registration }];
  if (sameAddress(signed, registration)) return [{ label: 'Token wallet (signed agreements, as registered)', address: signed }];
  return [
    { label: 'Token wallet (signed agreements)', address: signed },
    { label: 'Registration wallet (replaced)', address: registration },
  ];
}
