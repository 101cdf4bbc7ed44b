/**
 * Questions asked in one turn of the event loop, answered together: the first one asked waits for the turn to end
 * (setImmediate), then `answerAll` gets every question of the turn at once (one statement to a database instead of
 * a round trip each). Each answer is made when its asker is resolved, so one that fails (a body that does not
 * decode) fails only its asker; a failure of `answerAll` fails them all.
 */
export class TurnBatch<Q, A> {
  private waiting: Array<{ question: Q; resolve(answer: A): void; reject(error: unknown): void }> = [];

  constructor(private readonly answerAll: (questions: Q[]) => Promise<Array<() => A>>) {}

  ask(question: Q): Promise<A> {
    return new Promise<A>((resolve, reject) => {
      this.waiting.push({ question, resolve, reject });
      if (this.waiting.length === 1) setImmediate(() => void this.answerWaiting());
    });
  }

  private async answerWaiting(): Promise<void> {
    const batch = this.waiting;
    this.waiting = [];
    try {
      const answers = await this.answerAll(batch.map((w) => w.question));
      batch.forEach((w, i) => {
        try {
          w.resolve(answers[i]());
        } catch (error) {
          w.reject(error);
        }
      });
    } catch (error) {
      for (const w of batch) w.reject(error);
    }
  }
}
