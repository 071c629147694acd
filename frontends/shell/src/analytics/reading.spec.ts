import { articleOfPath, endInView, ReadingVisit } from './reading.js';

const ID = '6f1c2a4e-8d3b-4c5a-9e7f-0a1b2c3d4e5f';

describe('a reading visit', () => {
  it('is a read after 30 visible seconds, reported once', () => {
    const visit = new ReadingVisit(ID, 0, true);
    expect(visit.end(29_999)).toBeUndefined();
    expect(visit.end(42_000)).toEqual({ articleId: ID, seconds: 42, finished: false });
    expect(visit.end(90_000)).toBeUndefined();
  });

  it('does not count the time the tab was hidden', () => {
    const visit = new ReadingVisit(ID, 0, true);
    visit.visibility(false, 10_000);
    visit.visibility(true, 100_000);
    expect(visit.seconds(110_000)).toBe(20);
    expect(visit.end(110_000)).toBeUndefined();
    const background = new ReadingVisit(ID, 0, false);
    expect(background.end(60_000)).toBeUndefined();
  });

  it('is a read at the end of the article, unless that took less than 5 seconds', () => {
    const glance = new ReadingVisit(ID, 0, true);
    glance.reachedEnd();
    expect(glance.end(3_000)).toBeUndefined();
    const visit = new ReadingVisit(ID, 0, true);
    visit.reachedEnd();
    expect(visit.end(12_500)).toEqual({ articleId: ID, seconds: 12, finished: true });
  });
});

describe('article pages', () => {
  it('are the paths /a/{id}', () => {
    expect(articleOfPath(`/a/${ID}`)).toBe(ID);
    expect(articleOfPath(`/a/${ID.toUpperCase()}/`)).toBe(ID);
    expect(articleOfPath('/a/not-an-id')).toBeUndefined();
    expect(articleOfPath(`/preview/${ID}`)).toBeUndefined();
  });

  it("see the end when the article's bottom is in the window", () => {
    expect(endInView(900, 900)).toBe(true);
    expect(endInView(970, 900)).toBe(true);
    expect(endInView(1_500, 900)).toBe(false);
  });
});
