import type {
  BankTransactionConfigResponse,
  InitiatePaymentRequest,
  InitiatePaymentResponse,
  PaymentAmounts,
  PaymentStepResponse,
  ProcessPaymentRequest,
} from '../../src/shared/payment.ts';
import type { PaymentError } from '../payment-method/payment-method.types.ts';

export type PaymentWireInput = { amounts: PaymentAmounts };

export type BankDetailField = keyof BankTransactionConfigResponse['bankDetails'];

export type PaymentWireContext = {
  amounts: PaymentAmounts;
  config: BankTransactionConfigResponse | null;
  /** 'Failed to load: {message}' when the bank details did not load. */
  loadProblem: string | null;
  /** The QR image did not display (its onerror): 'Image display failed'. */
  qrDisplayFailed: boolean;
  paymentId: string | null;
  error: PaymentError | null;
  copied: BankDetailField | null;
  result: PaymentStepResponse | null;
};

export type PaymentWireEvent =
  | { type: 'wire.retry' }
  | { type: 'wire.copy'; field: BankDetailField }
  | { type: 'wire.copy.done'; what: BankDetailField }
  | { type: 'wire.copy.expired' }
  | { type: 'wire.qr.failed' }
  /** 'I have sent the transfer'. */
  | { type: 'wire.confirm' };

export type InitiateInput = InitiatePaymentRequest;
export type InitiateOutput = InitiatePaymentResponse;
export type ProcessInput = ProcessPaymentRequest;
export type { BankTransactionConfigResponse, PaymentStepResponse };
