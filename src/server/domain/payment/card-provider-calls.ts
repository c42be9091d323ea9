/** The card provider's calls as the domain makes them: its failures become the catalogue's refusals. */
import { messages } from '../../../shared/messages.ts';
import { AppError } from '../../errors/app-error.ts';
import { CardIntentNotFound, CardProviderUnavailable, type CardIntentRecord, type CardProvider, type CreateCardIntentInput } from '../../providers/card/card-provider.ts';

function refusal(error: unknown): unknown {
  if (error instanceof CardIntentNotFound) return new AppError('CONFLICT', messages.payment.intentMismatch);
  // The provider's own error rides along as the cause, for the server's log (the client gets our words only).
  if (error instanceof CardProviderUnavailable) return Object.assign(new AppError('SERVICE_UNAVAILABLE', messages.payment.cardProviderUnavailable), { cause: error });
  return error;
}

export async function retrieveCardIntent(card: CardProvider, id: string): Promise<CardIntentRecord> {
  try {
    return await card.retrievePaymentIntent(id);
  } catch (error) {
    throw refusal(error);
  }
}

export async function createCardIntent(card: CardProvider, input: CreateCardIntentInput): Promise<CardIntentRecord> {
  try {
    return await card.createPaymentIntent(input);
  } catch (error) {
    throw refusal(error);
  }
}
