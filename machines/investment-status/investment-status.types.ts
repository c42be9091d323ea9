import type { InvestmentStatusResponse } from '../../src/shared/investment-status.ts';

export type InvestmentStatusContext = {
  /** The last answer (kept on screen while the page asks again). */
  status: InvestmentStatusResponse | null;
  /** Why the last load failed (the page's words or the server's), while that is what is shown. */
  error: string | null;
  /** When the last answer came (ISO 8601): the page says how fresh what it shows is. */
  checkedAt: string | null;
};

export type InvestmentStatusEvent =
  /** 'Check for updates', 'Try again': ask the server now. */
  | { type: 'status.refresh' }
  /** 'View Signed Documents'. */
  | { type: 'status.signedDocuments' }
  /** 'Redo the steps asked for': back to the identity verification. */
  | { type: 'status.redoSteps' }
  /** 'Pay again' after the payment went back. */
  | { type: 'status.payAgain' };

/** The status, and when it was read (the effect's clock: the chart itself reads no clock). */
export type LoadStatusOutput = { status: InvestmentStatusResponse; checkedAt: string };

/** What the page asks of the process chart: to show another of its pages. */
export type InvestmentStatusParentEvent = { type: 'process.route.request'; path: string };
