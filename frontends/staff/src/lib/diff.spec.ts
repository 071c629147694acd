import { lineDiff } from './diff.js';

describe('the diff of an edit', () => {
  it('keeps the common lines and marks what the edit removes and adds, in reading order', () => {
    expect(lineDiff('Intro\nOld middle\nEnd', 'Intro\nNew middle\nEnd\nAfterword')).toEqual([
      { kind: 'same', text: 'Intro' },
      { kind: 'removed', text: 'Old middle' },
      { kind: 'added', text: 'New middle' },
      { kind: 'same', text: 'End' },
      { kind: 'added', text: 'Afterword' },
    ]);
  });

  it('answers an unchanged text as all same, and an emptied or new one as all removed or added', () => {
    expect(lineDiff('A\nB', 'A\nB').every((line) => line.kind === 'same')).toBe(true);
    expect(lineDiff('A\nB', '')).toEqual([
      { kind: 'removed', text: 'A' },
      { kind: 'removed', text: 'B' },
    ]);
    expect(lineDiff('', 'A')).toEqual([{ kind: 'added', text: 'A' }]);
  });
});
