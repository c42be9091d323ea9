/**
 * The payment page (spec section 2 "Payment page"): the transaction summary, the three methods and the chosen
 * method's form; the read-only summary once the step is done; 'Authentication Required' without a session. Every rule
 * lives in machines/payment and its method charts; this renders their snapshots and sends the investor's intents.
 */
import { useSelector } from '@xstate/react';
import type { PaymentActorRef } from '../../../../machines/payment/payment.machine.ts';
import {
  selectCardActor,
  selectCardUnavailable,
  selectCopied,
  selectCryptoActor,
  selectIsLocked,
  selectMethod,
  selectMethodOffers,
  selectPaidSummary,
  selectPhase,
  selectTransaction,
  selectWireActor,
} from '../../../../machines/payment/payment.selectors.ts';
import { messages } from '../../../shared/messages.ts';
import { paymentPageMessages } from '../../../shared/messages/payment-page.ts';
import { useSession } from '../../app/session-context.tsx';
import { Button } from '../../ui/form/index.ts';
import { LoadingScreen } from '../../ui/LoadingScreen.tsx';
import { LoadFailedNotice } from '../../ui/PageNotices.tsx';
import { CardPayment } from './CardPayment.tsx';
import { CryptoPayment } from './CryptoPayment.tsx';
import { MethodCards } from './MethodCards.tsx';
import { PaidSummary } from './PaidSummary.tsx';
import { TransactionSummary } from './TransactionSummary.tsx';
import { WirePayment } from './WirePayment.tsx';
import './payment.css';

const text = { ...messages.payment, ...paymentPageMessages };
/** The app's login route (the spec's '/login' is served there). */
const LOGIN_PATH = '/auth/login';

export function PaymentPage({ actor }: { actor: PaymentActorRef }) {
  const phase = useSelector(actor, selectPhase);
  const summary = useSelector(actor, selectPaidSummary);
  const copied = useSelector(actor, selectCopied);

  if (phase === 'loading') return <LoadingScreen title={messages.loading} detail={text.loadingDetail} />;
  if (phase === 'failed') return <LoadFailedNotice message={text.initFailed} retryLabel={text.retry} onRetry={() => actor.send({ type: 'payment.retry' })} />;
  if (phase === 'authRequired') return <AuthRequired />;
  if (phase === 'summary' && summary) {
    return (
      <div className="payment">
        <PaidSummary
          summary={summary}
          copied={copied}
          onCopy={() => actor.send({ type: 'payment.reference.copy' })}
          onContinue={() => actor.send({ type: 'payment.goToComplete' })}
        />
      </div>
    );
  }
  return <Paying actor={actor} confirmed={phase === 'confirmed'} />;
}

function Paying({ actor, confirmed }: { actor: PaymentActorRef; confirmed: boolean }) {
  const transaction = useSelector(actor, selectTransaction);
  const offers = useSelector(actor, selectMethodOffers);
  const method = useSelector(actor, selectMethod);
  const locked = useSelector(actor, selectIsLocked);
  const card = useSelector(actor, selectCardActor);
  const crypto = useSelector(actor, selectCryptoActor);
  const wire = useSelector(actor, selectWireActor);
  const cardUnavailable = useSelector(actor, selectCardUnavailable);
  return (
    <div className="payment">
      {transaction ? <TransactionSummary transaction={transaction} /> : null}
      <MethodCards
        offers={offers}
        chosen={method}
        locked={locked || confirmed}
        onChoose={(m) => actor.send({ type: 'payment.method.choose', method: m })}
        unavailable={cardUnavailable ? text.cardNotOffered : null}
      />
      <div aria-live="polite">
        {confirmed ? (
          <p className="payment__success" role="status">
            {method === 'CARD' ? text.cardSucceeded : text.methodRecorded}
          </p>
        ) : null}
      </div>
      {confirmed ? null : (
        <section className="payment__method" aria-label={method ?? undefined}>
          {method === 'CARD' && card ? <CardPayment actor={card} /> : null}
          {method === 'CRYPTO' && crypto ? <CryptoPayment actor={crypto} /> : null}
          {method === 'WIRE' && wire ? <WirePayment actor={wire} /> : null}
        </section>
      )}
    </div>
  );
}

function AuthRequired() {
  const session = useSession();
  return (
    <div className="notice-card notice-card--error" role="alert">
      <p className="notice-card__title">{text.authRequired}</p>
      <Button
        onClick={() => session.send({ type: 'session.route.request', path: LOGIN_PATH })}
      >
        {text.goToLogin}
      </Button>
    </div>
  );
}
