/** Words of every area: transport failures in the browser, and the server's general refusals. */
export const generalMessages = {
  general: {
    network: 'Network error occurred',
    http: (status: number) => `HTTP ${status}`,
    /** A success answer that is not what the call answers (its contract schema refused it). */
    unexpectedAnswer: 'The server sent an answer the portal could not read. Please try again.',
  },
  server: {
    notFound: 'Not found',
    badJson: 'The request body is not valid JSON.',
    tooLarge: 'The request body is too large.',
    internal: 'Something went wrong on our side. Please try again.',
    invalidToken: 'Session expired. Please log in again.',
    invalidRequest: 'The request is not valid.',
  },
} as const;
