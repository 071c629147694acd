// Pieces of the patterns the document states, where a rule behind the gateway (a service, packages/rules) reads the
// text in a way JSON Schema has no keyword for: the document then says in a pattern what that rule accepts.

/**
 * The white space of JavaScript's \s, which trim() and collapseWhitespace remove, spelled out for a character class:
 * a pattern's \s means something else in other regular expression dialects (Python's, the fuzzer's, counts \x1c-\x1f
 * and \x85 and not \ufeff).
 */
export const JS_SPACE = '\\t\\n\\v\\f\\r \\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000\\ufeff';
