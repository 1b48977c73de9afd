/** @jest-environment node */
import { MSG } from '../messages/catalogue';
import {
  changePasswordFormSchema,
  firstErrorKey,
  forgotResetFormSchema,
  fundPasswordFormSchema,
  oneTimeCodeSchema,
  passkeyNameSchema,
  realNameSubmitFormSchema,
  stepUpPurposeSchema,
} from './index';

describe('identity form schemas', () => {
  it('one-time codes are six digits', () => {
    expect(oneTimeCodeSchema.parse(' 012345 ')).toBe('012345');
    expect(firstErrorKey(oneTimeCodeSchema.safeParse('12345'))).toBe(MSG.codeFormat);
    expect(firstErrorKey(oneTimeCodeSchema.safeParse(undefined))).toBe(MSG.codeFormat);
  });

  it('change password: original required, new rule, match', () => {
    const valid = { oldPassword: 'abcd1234', password: 'efgh5678', confirmPassword: 'efgh5678' };
    expect(changePasswordFormSchema.parse(valid)).toEqual(valid);
    expect(firstErrorKey(changePasswordFormSchema.safeParse({ ...valid, oldPassword: '' }))).toBe(MSG.passwordEmpty);
    expect(firstErrorKey(changePasswordFormSchema.safeParse({ ...valid, password: 'short', confirmPassword: 'short' }))).toBe(MSG.passwordRule);
    expect(firstErrorKey(changePasswordFormSchema.safeParse({ ...valid, confirmPassword: 'x' }))).toBe(MSG.passwordsDiffer);
  });

  it('fund password: six digits twice, original optional (empty = absent)', () => {
    expect(fundPasswordFormSchema.parse({ oldFundPassword: '', fundPassword: '123456', confirmFundPassword: '123456' })).toEqual({
      oldFundPassword: undefined,
      fundPassword: '123456',
      confirmFundPassword: '123456',
    });
    expect(firstErrorKey(fundPasswordFormSchema.safeParse({ fundPassword: '12345a', confirmFundPassword: '12345a' }))).toBe(MSG.fundPasswordRule);
    expect(firstErrorKey(fundPasswordFormSchema.safeParse({ fundPassword: '123456', confirmFundPassword: '123455' }))).toBe(MSG.passwordsDiffer);
  });

  it('forgot-password reset', () => {
    const valid = { account: '090-1234-5678', code: '123456', password: 'abcd1234', confirmPassword: 'abcd1234' };
    expect(forgotResetFormSchema.parse(valid).account).toBe('9012345678');
    expect(firstErrorKey(forgotResetFormSchema.safeParse({ ...valid, code: '' }))).toBe(MSG.codeFormat);
  });

  it('identity verification', () => {
    const valid = {
      realName: '山田 太郎',
      nameKana: 'ヤマダ\u3000タロウ',
      idNumber: 'AB-1234',
      docType: 'driving_licence',
      frontKey: 'imgs/abcdefghijklmno.png',
      backKey: 'imgs/ABCDEFGHIJKLMNO.jpg',
    };
    expect(realNameSubmitFormSchema.parse(valid)).toEqual(valid);
    // Half-width katakana and hiragana are read as the full-width katakana they stand for.
    expect(realNameSubmitFormSchema.parse({ ...valid, nameKana: 'ﾔﾏﾀﾞ ﾀﾛｳ' }).nameKana).toBe('ヤマダ\u3000タロウ');
    expect(realNameSubmitFormSchema.parse({ ...valid, nameKana: ' やまだ　 たろう ' }).nameKana).toBe('ヤマダ\u3000タロウ');
    expect(firstErrorKey(realNameSubmitFormSchema.safeParse({ ...valid, nameKana: undefined }))).toBe(MSG.nameKanaRequired);
    expect(firstErrorKey(realNameSubmitFormSchema.safeParse({ ...valid, nameKana: 'Yamada Taro' }))).toBe(MSG.nameKanaKatakana);
    expect(firstErrorKey(realNameSubmitFormSchema.safeParse({ ...valid, nameKana: '山田' }))).toBe(MSG.nameKanaKatakana);
    expect(firstErrorKey(realNameSubmitFormSchema.safeParse({ ...valid, realName: '' }))).toBe(MSG.realNameRequired);
    expect(firstErrorKey(realNameSubmitFormSchema.safeParse({ ...valid, idNumber: '' }))).toBe(MSG.idNumberRequired);
    expect(firstErrorKey(realNameSubmitFormSchema.safeParse({ ...valid, idNumber: 'AB 1' }))).toBe(MSG.idNumberInvalid);
    expect(firstErrorKey(realNameSubmitFormSchema.safeParse({ ...valid, docType: 'visa' }))).toBe(MSG.docTypeInvalid);
    expect(firstErrorKey(realNameSubmitFormSchema.safeParse({ ...valid, frontKey: undefined }))).toBe(MSG.idPhotosRequired);
    expect(firstErrorKey(realNameSubmitFormSchema.safeParse({ ...valid, backKey: 'http://x/y.png' }))).toBe(MSG.uploadNotFound);
    // A two-sided document needs its back; a one-sided one asks for none and drops one sent.
    expect(firstErrorKey(realNameSubmitFormSchema.safeParse({ ...valid, backKey: undefined }))).toBe(MSG.idPhotosRequired);
    expect(firstErrorKey(realNameSubmitFormSchema.safeParse({ ...valid, docType: 'my_number_card', backKey: '' }))).toBe(MSG.idPhotosRequired);
    expect(realNameSubmitFormSchema.parse({ ...valid, docType: 'my_number_card' }).backKey).toBe(valid.backKey);
    for (const docType of ['passport', 'resident_record']) {
      expect(realNameSubmitFormSchema.parse({ ...valid, docType, backKey: undefined }).backKey).toBeUndefined();
      expect(realNameSubmitFormSchema.parse({ ...valid, docType }).backKey).toBeUndefined();
    }
  });

  it('step-up purposes and passkey names', () => {
    expect(stepUpPurposeSchema.parse('withdraw')).toBe('withdraw');
    expect(firstErrorKey(stepUpPurposeSchema.safeParse('all'))).toBe(MSG.invalidParams);
    expect(firstErrorKey(passkeyNameSchema.safeParse('x'.repeat(41)))).toBe(MSG.passkeyNameInvalid);
  });
});
