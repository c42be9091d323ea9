/** The status page's tokens: issued (how many, to which wallet, the transaction with its explorer link, when), or what they wait for. */
import type { InvestmentStatusResponse } from '../../../shared/investment-status.ts';
import { formatTokensSummary } from '../../../shared/format.ts';
import { investmentStatusWords as words } from '../../../shared/messages/investment-status-page.ts';
import { formatDateTime } from '../../ui/format.ts';
import { Facts } from './Facts.tsx';

const isOver = (status: InvestmentStatusResponse) => status.review.standing === 'rejected';

export function TokensPanel({ status }: { status: InvestmentStatusResponse }) {
  const { tokens } = status;
  return (
    <section className="status-card" aria-labelledby="status-tokens">
      <h2 id="status-tokens" className="complete__heading">
        {words.tokensHeading}
      </h2>
      {tokens ? (
        <Facts
          rows={[
            { label: words.quantity, value: `${formatTokensSummary(tokens.quantity)} G2G` },
            { label: words.wallet, value: <code className="status-hash">{tokens.wallet}</code> },
            {
              label: words.transaction,
              value: (
                <>
                  <code className="status-hash">{tokens.transactionHash}</code>
                  {tokens.explorerUrl ? (
                    <>
                      {' '}
                      <a href={tokens.explorerUrl} target="_blank" rel="noopener noreferrer">
                        {words.viewOnExplorer}
                      </a>
                    </>
                  ) : null}
                </>
              ),
            },
            { label: words.issuedOn, value: formatDateTime(tokens.issuedAt) },
          ]}
        />
      ) : (
        <p>{isOver(status) ? words.tokensNone : words.tokensWaiting}</p>
      )}
    </section>
  );
}
