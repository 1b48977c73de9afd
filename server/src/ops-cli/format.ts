// Human-readable output of each command's answer.
import { loadMessageTexts, translateMessage } from '@kabuto/shared-sdk/messages';
import { formatFundsAnswer } from './funds-commands';
import { formatCreditAnswer } from './credit-commands';
import { formatRewardsAnswer } from './rewards-commands';
import { formatDividendAnswer } from './dividend-commands';
import { formatTrustAnswer } from './trust-commands';
import { formatIpoAnswer } from './ipo-commands';
import { formatClockAnswer } from './clock-commands';
import { formatBlockAnswer } from './block-commands';
import { formatOperatorAnswer } from './operator-commands';

type Json = Record<string, unknown>;

function asList(data: unknown): Json[] {
  return Array.isArray(data) ? (data as Json[]) : [];
}

function str(v: unknown): string {
  if (v === null || v === undefined) return '-';
  if (Array.isArray(v)) return v.length ? v.join(',') : '-';
  return String(v);
}

function userLine(u: Json): string {
  const flags = str(u.restrictions);
  return `${str(u.account)}  role=${str(u.role)}  vip=${str(u.vipLevel)}  kyc=${str(u.kyc)}  restrictions=${flags}${u.locked ? '  LOCKED' : ''}${u.needsReverification ? '  needs-reverification' : ''}`;
}

function newsLine(n: Json): string {
  const title = (n.title ?? {}) as Json;
  return `#${str(n.id)}  ${str(n.status)}${n.sample ? ' (sample)' : ''}  ${str(n.publishedAt ?? n.createdAt)}  ${str(title.en)}  codes=${str(n.codes)}`;
}

/** The operator-facing English text of a refusal (catalogue key → en; the catalogue's English is loaded on first use). */
export async function refusalText(msg: string): Promise<string> {
  await loadMessageTexts('en');
  return translateMessage(msg, 'en');
}

export function formatAnswer(command: string, data: unknown): string {
  const d = (data ?? {}) as Json;
  switch (command) {
    case 'invite':
      return `Issued ${asList(d.codes).length} invitation code(s):\n${(d.codes as string[]).join('\n')}`;
    case 'users': {
      const list = asList(data);
      return list.length ? list.map(userLine).join('\n') : 'No users.';
    }
    case 'user':
      return `${userLine(d)}\n  rebate=${str(d.rebateRatio)}  lockedUntil=${str(d.lockedUntil)}  created=${str(d.createdAt)}  kycRejectReason=${str(d.kycRejectReason)}`;
    case 'kyc-queue': {
      const list = asList(data);
      if (!list.length) return 'No verifications waiting for review.';
      return list
        .map(
          (v) =>
            `${str(v.account)}  ${str(v.realName)}  ${str(v.docType)} ${str(v.idNumber)}  front=${str(v.frontKey)} back=${v.backKey === null ? '(one-sided document)' : str(v.backKey)}  submitted ${str(v.submittedAt)}`,
        )
        .join('\n');
    }
    case 'kyc-approve':
    case 'kyc-reject':
      return `${str(d.account)}: identity ${str(d.state)}${d.reason ? ` (${str(d.reason)})` : ''}.`;
    case 'set-role':
      return `${str(d.account)}: role ${str(d.role)}${d.rebateRatio !== null && d.rebateRatio !== undefined ? `, rebate ${str(d.rebateRatio)}` : ''}${d.inviteCode ? `, invitation code ${str(d.inviteCode)}` : ''}.`;
    case 'set-vip':
      return `${str(d.account)}: VIP level ${str(d.vipLevel)}.`;
    case 'unlock':
      return `${str(d.account)}: unlocked.`;
    case 'outbox': {
      const list = asList(data);
      if (!list.length) return 'Outbox is empty.';
      return list
        .map((m) => `${str(m.createdAt)}  ${str(m.channel)} → ${str(m.recipient)}  ${str(m.subject)}\n    ${str(m.body).replace(/\n/g, '\n    ')}`)
        .join('\n');
    }
    case 'audit': {
      const list = asList(data);
      if (!list.length) return 'No audit records.';
      return list
        .map((a) => `${str(a.at)}  ${str(a.operator)}  ${str(a.action)}  ${str(a.account)}  reason: ${str(a.reason)}  ${JSON.stringify(a.details ?? {})}`)
        .join('\n');
    }
    case 'news-list': {
      const list = asList(data);
      return list.length ? list.map(newsLine).join('\n') : 'No news articles.';
    }
    case 'news-create':
    case 'news-publish':
    case 'news-withdraw':
      return newsLine(d);
    default:
      {
        const funds = formatFundsAnswer(command, data);
        if (funds !== null) return funds;
        const creditText = formatCreditAnswer(command, data);
        if (creditText !== null) return creditText;
        const rewardsText = formatRewardsAnswer(command, data);
        if (rewardsText !== null) return rewardsText;
        const dividendText = formatDividendAnswer(command, data);
        if (dividendText !== null) return dividendText;
        const trustText = formatTrustAnswer(command, data);
        if (trustText !== null) return trustText;
        const ipo = formatIpoAnswer(command, data);
        if (ipo !== null) return ipo;
        const block = formatBlockAnswer(command, data);
        if (block !== null) return block;
        const operator = formatOperatorAnswer(command, data);
        if (operator !== null) return operator;
        const clock = formatClockAnswer(command, data);
        if (clock !== null) return clock;
      }
      // Restriction commands.
      return `${str(d.account)}: ${str(d.restriction)} ${d.on ? 'set' : 'lifted'}${d.needsReverification && !d.on ? '; the next login needs a one-time code' : ''}.`;
  }
}
