import { describe, expect, it } from '@jest/globals';
import { codeMail, escapeHtml, noticeMail } from './mails.js';

const values = { name: 'Ali <b>&</b> "Vəli"', code: '042917', link: 'http://localhost:8080/api/atrium/wrap?t=abc&x=1' };

describe('account mails', () => {
  it('writes each mail in az, en and ru, with distinct subjects and the code and link in both bodies', () => {
    for (const kind of ['register', 'reset', 'email'] as const) {
      const subjects = new Set<string>();
      for (const lang of ['az', 'en', 'ru']) {
        const mail = codeMail(kind, lang, values);
        subjects.add(mail.subject);
        expect(mail.text).toContain('042917');
        expect(mail.text).toContain(values.link);
        expect(mail.html).toContain('042917');
        expect(mail.html).toContain(`lang="${lang}"`);
      }
      expect(subjects.size).toBe(3);
    }
  });

  it('escapes every interpolation in HTML and keeps the plain text as typed', () => {
    const mail = codeMail('register', 'en', values);
    expect(mail.html).toContain('Ali &lt;b&gt;&amp;&lt;/b&gt; &quot;Vəli&quot;');
    expect(mail.html).toContain('href="http://localhost:8080/api/atrium/wrap?t=abc&amp;x=1"');
    expect(mail.html).not.toContain('<b>');
    expect(mail.text).toContain('Hello, Ali <b>&</b> "Vəli"!');
  });

  it('falls back to the default language for an unknown one', () => {
    expect(codeMail('reset', 'de', values).subject).toBe(codeMail('reset', 'az', values).subject);
  });

  it('writes the notices in three languages', () => {
    for (const kind of ['passwordChanged', 'emailChanged'] as const) {
      const subjects = new Set(['az', 'en', 'ru'].map((lang) => noticeMail(kind, lang, 'Leyla').subject));
      expect(subjects.size).toBe(3);
    }
    expect(noticeMail('passwordChanged', 'ru', '<x>').html).toContain('&lt;x&gt;');
  });

  it('escapes the five HTML-significant characters', () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe(
      '&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;',
    );
  });
});
