// The second factor as typed at sign-in and before MFA changes: the app's code or a recovery code.

/** A recovery code as identity prints it, any case, hyphens optional: xxxx-xxxx-xxxx-xxxx (16 symbols, 80 bits). */
const RECOVERY_CODE = '[A-Za-z0-9]{4}(?:-?[A-Za-z0-9]{4}){3}';
/** A recovery code of the earlier scheme, xxxxx-xxxxx (10 symbols): accepted until it is used or replaced. */
const LEGACY_RECOVERY_CODE = '[A-Za-z0-9]{5}-?[A-Za-z0-9]{5}';

export const TOTP_CODE_PATTERN = /^\d{6}$/;
export const RECOVERY_CODE_PATTERN = new RegExp(`^(?:${RECOVERY_CODE}|${LEGACY_RECOVERY_CODE})$`);
/** Either of them. */
export const SECOND_FACTOR_PATTERN = new RegExp(`^(?:\\d{6}|${RECOVERY_CODE}|${LEGACY_RECOVERY_CODE})$`);
