export { isUuid } from '@pencraft/rules';

/** Stands for "nobody" where a query compares with a viewer's uid (a visitor has none). */
export const NOBODY = '00000000-0000-0000-0000-000000000000';
