// Attempts a client made again. A run sends a request again after a 429 (it
// was not served) and a request that may arrive twice (a read, an update, a
// delete) again after a 502, 503 or 504 (a gateway that could not serve now),
// and judges only the last attempt; a recorded file holds every attempt. An
// answer of that kind followed, later in the file, by the same request
// (operation, key and values) is such an attempt: it is not judged. One that
// was never sent again stands, and is judged, counting the attempts before
// it as a run's exchange does (a delete whose 504 was taken answers 404 to
// the last attempt, which is true).
import type { Answer } from '../answers/answer.js';
import { UNAVAILABLE_STATUSES } from '@tallyport/http-policy';
import { mayRepeat } from '../transport/template.js';

export function attemptsMadeAgain(answers: readonly Answer[]): Set<Answer> {
  const again = new Set<Answer>();
  const last = new Map<string, number>();
  answers.forEach((answer, index) => {
    if (answer.case) last.set(answer.case.key, index);
  });
  answers.forEach((answer, index) => {
    const status = answer.status;
    if (!answer.case || status === undefined || !UNAVAILABLE_STATUSES.has(status)) return;
    if (status !== 429 && !mayRepeat(answer.operation)) return;
    const final = last.get(answer.case.key) ?? index;
    if (final <= index) return;
    again.add(answer);
    answers[final]!.exchange.attempts++;
  });
  return again;
}
