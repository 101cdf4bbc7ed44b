import { TurnBatch } from './turn-batch';

describe('TurnBatch', () => {
  it('answers the questions of one turn with one call, each its own answer; a failing answer fails only its asker', async () => {
    const calls: number[][] = [];
    const batch = new TurnBatch<number, number>(async (questions) => {
      calls.push(questions);
      return questions.map((q) => () => {
        if (q < 0) throw new Error(`no answer to ${q}`);
        return q * 10;
      });
    });
    const answers = await Promise.allSettled([batch.ask(1), batch.ask(-2), batch.ask(3)]);
    expect(calls).toEqual([[1, -2, 3]]);
    expect(answers.map((a) => (a.status === 'fulfilled' ? a.value : (a.reason as Error).message))).toEqual([10, 'no answer to -2', 30]);
    expect(await batch.ask(4)).toBe(40);
    expect(calls).toEqual([[1, -2, 3], [4]]);
  });

  it('fails every asker of the turn when the answering call fails', async () => {
    const batch = new TurnBatch<number, number>(() => Promise.reject(new Error('database unreachable')));
    const answers = await Promise.allSettled([batch.ask(1), batch.ask(2)]);
    expect(answers.map((a) => a.status)).toEqual(['rejected', 'rejected']);
  });
});
