import type { NavigateFunction } from 'react-router';

/** A reset ends every session of the account (identity): the person signs in again with the new password. */
export function afterReset(navigate: NavigateFunction): void {
  void navigate('/login', { replace: true, state: { notice: 'passwordReset' } });
}
