import type { ReactNode } from 'react';

export interface EmptyStateProps {
  title: ReactNode;
  hint?: ReactNode;
  action?: ReactNode;
}

export function EmptyState({ title, hint, action }: EmptyStateProps) {
  return (
    <div className="pc-empty">
      <svg className="pc-empty__icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path
          d="M4 5h16v14H4zM4 9h16M8 13h8M8 16h5"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.5"
          strokeLinecap="round"
        />
      </svg>
      <p className="pc-empty__title">{title}</p>
      {hint && <p className="pc-empty__hint">{hint}</p>}
      {action && <div className="pc-empty__action">{action}</div>}
    </div>
  );
}
