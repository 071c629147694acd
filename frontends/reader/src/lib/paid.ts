/**
 * The class of the part of a paid article's page that stands for its paid text: the notice and the plans (the text
 * itself is never on the page for a reader who may not read it). JSON-LD names it (hasPart's cssSelector), as
 * Google's guidance for paywalled content asks.
 */
export const PAID_PART_CLASS = 'pc-article__paid';
