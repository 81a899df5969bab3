// The answers of one API's run, each read once as its exchange is recorded
// (see answer.ts), in the order they came.
import type { Exchange } from '../transport/transport.js';
import { type Answer, type AnswerContext, readAnswer } from './answer.js';

export class AnswerBook {
  readonly answers: Answer[] = [];
  private readonly byExchange = new WeakMap<Exchange, Answer>();
  private readonly context: AnswerContext;

  constructor(context: AnswerContext) {
    this.context = { ...context, epoch: 0 };
  }

  /** The data changed (the run wrote outside its round trip): answers from now on are not compared with earlier. */
  advance(): void {
    this.context.epoch = (this.context.epoch ?? 0) + 1;
  }

  /** Reads a recorded exchange (its raw body is dropped afterwards). */
  read(exchange: Exchange): Answer {
    const known = this.byExchange.get(exchange);
    if (known) return known;
    const answer = readAnswer(exchange, this.context);
    this.answers.push(answer);
    this.byExchange.set(exchange, answer);
    return answer;
  }
}
