export { isUuid } from '@pencraft/rules';
