export interface SpinnerProps {
  /** When set, the spinner is announced as a status with this text; otherwise it is decorative. */
  label?: string;
  size?: 'small' | 'medium' | 'large';
}

export function Spinner({ label, size = 'medium' }: SpinnerProps) {
  if (!label) return <span className={`pc-spinner pc-spinner--${size}`} aria-hidden="true" />;
  return (
    <span className="pc-spinner-wrap" role="status">
      <span className={`pc-spinner pc-spinner--${size}`} aria-hidden="true" />
      <span className="pc-visually-hidden">{label}</span>
    </span>
  );
}
