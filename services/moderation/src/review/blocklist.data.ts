/**
 * Phrases that mark spam, per language (lower case; matched as whole words in the lower-cased text). Every
 * submission is checked against every list: spam is often written in another language than the one declared.
 * Data only: extend the lists here.
 */
export const BLOCKLIST: Readonly<Record<'az' | 'en' | 'ru', readonly string[]>> = {
  az: [
    'pulsuz pul',
    'kazino',
    'indi al',
    'bura klik',
    'zəmanətli qazanc',
    'asan qazanc',
    'evdən qazanc',
    'kredit təklifi',
    'mərc saytı',
    'bonus kodu',
  ],
  en: [
    'buy now',
    'casino',
    'click here',
    'free money',
    'guaranteed income',
    'work from home',
    'crypto giveaway',
    'viagra',
    'limited offer',
    'earn money fast',
    'betting site',
    'promo code',
  ],
  ru: [
    'казино',
    'быстрый заработок',
    'кликните здесь',
    'бесплатные деньги',
    'купить сейчас',
    'гарантированный доход',
    'заработок на дому',
    'ставки на спорт',
    'промокод',
    'кредит без отказа',
  ],
};
