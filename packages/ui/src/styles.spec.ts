// The kit compiles against browser types only (no @types/node, so its code cannot lean on Node); this test runs
// in Node and declares the one Node call it makes.
declare const process: {
  getBuiltinModule(id: 'node:fs'): { readFileSync(path: URL, encoding: 'utf8'): string };
};

const css = process.getBuiltinModule('node:fs').readFileSync(new URL('./styles.css', import.meta.url), 'utf8');

/** The custom properties a rule block sets, by name. */
function tokens(selector: string): Map<string, string> {
  const start = css.indexOf(`${selector} {`);
  if (start < 0) throw new Error(`no block ${selector}`);
  const body = css.slice(css.indexOf('{', start) + 1, css.indexOf('}', start));
  return new Map([...body.matchAll(/(--pc-[\w-]+):\s*([^;]+);/g)].map((m) => [m[1]!, m[2]!.trim()]));
}

/** WCAG 2 contrast ratio of two #rrggbb colours. */
function contrast(a: string, b: string): number {
  const luminance = (hex: string) => {
    const [r, g, bl] = [1, 3, 5].map((i) => {
      const c = parseInt(hex.slice(i, i + 2), 16) / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * bl!;
  };
  const [dark, light] = [luminance(a), luminance(b)].sort((x, y) => x - y);
  return (light! + 0.05) / (dark! + 0.05);
}

const themes = {
  light: tokens(":root[data-theme='light']"),
  dark: tokens(":root[data-theme='dark']"),
  'dark by device preference': tokens(':root:not([data-theme])'),
};

describe('UI kit themes', () => {
  it.each(Object.entries(themes))('%s: filled buttons have AA contrast (4.5:1) for their text', (_, theme) => {
    expect(contrast(theme.get('--pc-danger')!, theme.get('--pc-danger-text')!)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(theme.get('--pc-accent')!, theme.get('--pc-accent-text')!)).toBeGreaterThanOrEqual(4.5);
  });

  it('the dark theme set by the user and by the device preference use the same colours', () => {
    for (const [name, value] of themes['dark by device preference']) {
      expect([name, themes.dark.get(name)]).toEqual([name, value]);
    }
  });

  it('the danger button takes its text colour from the theme', () => {
    expect(css).toMatch(/\.pc-button--danger \{[^}]*color: var\(--pc-danger-text\);/);
  });
});
