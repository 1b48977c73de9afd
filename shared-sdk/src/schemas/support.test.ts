// The support forms as the server and the chat screen read them (docs/api/support.md §2).
import { MSG } from '../messages/catalogue';
import {
  SUPPORT_ATTACHMENTS_MAX,
  SUPPORT_PAGE_DEFAULT,
  SUPPORT_TEXT_MAX,
  supportMessagesFormSchema,
  supportRateFormSchema,
  supportSendFormSchema,
  supportTypingFormSchema,
} from './support';

const KEY_A = 'imgs/Ab3dE5fG7hJ9kLm.png';
const KEY_B = 'imgs/Zz3dE5fG7hJ9kLm.jpg';
const IDEM = 'abcdefgh-1234';

function firstMessage(result: { success: boolean; error?: { issues: { message: string }[] } }): string | undefined {
  return result.success ? undefined : result.error?.issues[0]?.message;
}

describe('support/send', () => {
  it('trims the text and reads attachments from comma-separated text or an array', () => {
    expect(supportSendFormSchema.parse({ text: '  hi  ', idempotencyKey: IDEM })).toEqual({ text: 'hi', attachments: [], idempotencyKey: IDEM });
    expect(supportSendFormSchema.parse({ attachments: `${KEY_A}, ${KEY_B}`, idempotencyKey: IDEM }).attachments).toEqual([KEY_A, KEY_B]);
    expect(supportSendFormSchema.parse({ attachments: [KEY_A], idempotencyKey: IDEM }).attachments).toEqual([KEY_A]);
  });

  it('names the rule each bad form breaks', () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ idempotencyKey: IDEM }, MSG.supportMessageEmpty],
      [{ text: '   ', idempotencyKey: IDEM }, MSG.supportMessageEmpty],
      [{ text: 'x'.repeat(SUPPORT_TEXT_MAX + 1), idempotencyKey: IDEM }, MSG.supportTextTooLong],
      [
        { attachments: Array.from({ length: SUPPORT_ATTACHMENTS_MAX + 1 }, (_, i) => `imgs/Ab3dE5fG7hJ9kL${i}.png`).join(','), idempotencyKey: IDEM },
        MSG.supportTooManyAttachments,
      ],
      [{ attachments: 'https://evil.example/x.png', idempotencyKey: IDEM }, MSG.supportAttachmentNotFound],
      [{ attachments: `${KEY_A},${KEY_A}`, idempotencyKey: IDEM }, MSG.supportAttachmentNotFound],
      [{ text: 'hi' }, MSG.idempotencyKeyRequired],
    ];
    for (const [form, msg] of cases) expect({ form, msg: firstMessage(supportSendFormSchema.safeParse(form)) }).toEqual({ form, msg });
  });

  it('keeps text that looks like HTML as it is', () => {
    expect(supportSendFormSchema.parse({ text: '<b>x</b>', idempotencyKey: IDEM }).text).toBe('<b>x</b>');
  });
});

describe('the other customer forms', () => {
  it('pages with a default and a maximum', () => {
    expect(supportMessagesFormSchema.parse({})).toEqual({ limit: SUPPORT_PAGE_DEFAULT });
    expect(supportMessagesFormSchema.parse({ beforeId: '12', limit: '50' })).toEqual({ beforeId: 12, limit: 50 });
    expect(firstMessage(supportMessagesFormSchema.safeParse({ limit: '51' }))).toBe(MSG.invalidParams);
    expect(firstMessage(supportMessagesFormSchema.safeParse({ beforeId: '0' }))).toBe(MSG.supportMessageNotFound);
  });

  it('rates 1 to 5 whole stars', () => {
    expect(supportRateFormSchema.parse({ stars: '5', comment: '' })).toEqual({ stars: 5 });
    for (const stars of ['0', '6', '4.5']) expect(firstMessage(supportRateFormSchema.safeParse({ stars }))).toBe(MSG.supportRatingInvalid);
  });

  it('reads typing as a boolean from form text', () => {
    expect(supportTypingFormSchema.parse({ typing: 'true' })).toEqual({ typing: true });
    expect(supportTypingFormSchema.parse({ typing: '0' })).toEqual({ typing: false });
    expect(supportTypingFormSchema.safeParse({ typing: 'maybe' }).success).toBe(false);
  });
});
