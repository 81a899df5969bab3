// The answers of one API's run, each read once as its exchange is recorded
// (see answer.ts), in the order they came.
import type { Exchange } from '../http/transport.js';
import { type Answer, type AnswerContext, readAnswer } from './answer.js';

export class AnswerBook {
  readonly answers: Answer[] = [];
  private readonly byExchange = new WeakMap<Exchange, Answer>();

  constructor(private readonly context: AnswerContext) {}

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
