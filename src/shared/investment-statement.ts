/**
 * The investor's statement of their investment (issue 28): a PDF of the case as it stands (amounts, fee, payments and
 * receipts, refunds, the issuance, the hashes of the signed agreements), sealed by the foundation like the signed
 * agreements and checkable at /verify. One statement per version of the case: asking again while nothing changed
 * answers the same file.
 *
 *   GET /api/investment/statement   (bearer) 200 application/pdf as an attachment named STATEMENT_FILE_NAME;
 *                                    404 with words when the investor has no case
 */
export const INVESTMENT_STATEMENT_PATH = '/api/investment/statement';

/** The download's name. */
export const STATEMENT_FILE_NAME = 'G2G investment statement.pdf';

/** The statement's title (on the PDF and in the /verify answer). */
export const STATEMENT_TITLE = 'Investment statement';

/** The 404's words: an account without a case (the case is made at registration, so this is rare). */
export const STATEMENT_NO_CASE = 'There is no investment on your account yet, so there is no statement to issue.';
