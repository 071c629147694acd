import { describe, expect, it } from '@jest/globals';
import { RecentAnswers, takesComments, type ArticleSummary } from './article-directory.js';

const published: ArticleSummary = { found: true, status: 'published', title: 'T', authorUids: ['u'] };
const pending: ArticleSummary = { ...published, status: 'accepted' };

function counter(answers: (ArticleSummary | Error)[]) {
  let asked = 0;
  return {
    ask: () => {
      const answer = answers[Math.min(asked, answers.length - 1)]!;
      asked += 1;
      return answer instanceof Error ? Promise.reject(answer) : Promise.resolve(answer);
    },
    asked: () => asked,
  };
}

describe('RecentAnswers', () => {
  it('asks once for a burst, and again once the answer is older than its time to live', async () => {
    let now = 1_000;
    const recent = new RecentAnswers<ArticleSummary>(() => now, 2_000);
    const source = counter([published]);
    await Promise.all([1, 2, 3].map(() => recent.get('a', source.ask, takesComments)));
    expect(source.asked()).toBe(1);
    now += 1_999;
    await recent.get('a', source.ask, takesComments);
    expect(source.asked()).toBe(1);
    now += 1;
    await recent.get('a', source.ask, takesComments);
    expect(source.asked()).toBe(2);
  });

  it('keeps no answer it is told not to keep, and no failure', async () => {
    const recent = new RecentAnswers<ArticleSummary>(() => 0, 2_000);
    const source = counter([pending, new Error('unavailable'), published]);
    expect(await recent.get('a', source.ask, takesComments)).toEqual(pending);
    await expect(recent.get('a', source.ask, takesComments)).rejects.toThrow('unavailable');
    // Published a moment later: seen at once, not after the time to live.
    expect(await recent.get('a', source.ask, takesComments)).toEqual(published);
    expect(await recent.get('a', source.ask, takesComments)).toEqual(published);
    expect(source.asked()).toBe(3);
  });

  it('holds at most its maximum, forgetting the oldest', async () => {
    const recent = new RecentAnswers<ArticleSummary>(() => 0, 2_000, 2);
    const source = counter([published]);
    for (const key of ['a', 'b', 'c', 'a']) await recent.get(key, source.ask);
    expect(source.asked()).toBe(4);
  });
});
