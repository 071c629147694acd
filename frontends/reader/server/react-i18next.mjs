// react-i18next for the server rendering only (rspack.server.mjs aliases `react-i18next` here): the same module with
// the server's useTranslation (server/translation.ts).
import * as real from 'pencraft-react-i18next-real';
import { serverUseTranslation } from './translation.ts';

export * from 'pencraft-react-i18next-real';
export const useTranslation = serverUseTranslation(real);
