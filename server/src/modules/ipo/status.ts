// Statuses (spec §4) read from the schedule on the business clock and the one-way steps
// recorded on the rows, so nothing is skipped or repeated: a step is either recorded or not.
import type { IpoApplicationStatus, IpoIssueStatus } from '@kabuto/shared-sdk/schemas';
import type { IpoApplicationRow, IpoIssueRow } from './schema';

/** upcoming → applying → ended (closed, awaiting the draw) → drawn (results, payment period) → listed. */
export function issueStatus(issue: IpoIssueRow, now: Date): IpoIssueStatus {
  if (issue.listedAt) return 'listed';
  if (issue.drawnAt) return 'drawn';
  if (now < issue.bookBuildingStart) return 'upcoming';
  if (now < issue.bookBuildingEnd) return 'applying';
  return 'ended';
}

/**
 * applied: applying while book-building is open, then awaitingDraw. won: `won` while the offer
 * price is not fixed yet (前期型: drawn at the upper bound first), then awaitingPayment until
 * paid or waived (by the customer or, unpaid at the deadline, by the clock).
 */
export function applicationStatus(issue: IpoIssueRow, app: IpoApplicationRow, now: Date): IpoApplicationStatus {
  switch (app.state) {
    case 'applied': {
      const s = issueStatus(issue, now);
      return s === 'applying' || s === 'upcoming' ? 'applying' : 'awaitingDraw';
    }
    case 'won':
      return issue.offerPrice === null ? 'won' : 'awaitingPayment';
    case 'notWon':
      return 'lost';
    case 'paid':
      return 'paid';
    case 'waived':
      return 'waived';
  }
}

export function applicationActions(issue: IpoIssueRow, app: IpoApplicationRow, now: Date): ('pay' | 'waive')[] {
  return applicationStatus(issue, app, now) === 'awaitingPayment' && now < issue.paymentDeadline ? ['pay', 'waive'] : [];
}
