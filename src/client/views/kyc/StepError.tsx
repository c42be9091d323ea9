/** A step's error line (the spec's words, or the server's), announced when it appears. */
export function StepError({ error }: { error: string | null }) {
  return error ? (
    <p className="kyc-step__error" role="alert">
      {error}
    </p>
  ) : null;
}
