// The validation messages in English, by name (the names and the catalogue keys: ../validation.ts).
import type { validationMessages } from '../validation';
import type { MessageTexts } from '../types';

export const validationMessagesEn: MessageTexts<typeof validationMessages> = {
  accountEmpty: 'Account cannot be empty',
  accountInvalid: 'Account must be a ten-digit mobile number',
  passwordRule: 'Password must be 8 to 20 characters: letters, digits or symbols, no spaces',
  confirmPasswordEmpty: 'Please enter the password again',
  inviteCodeRequired: 'Please enter the invitation code',
  inviteCodeInvalid: 'Invalid invitation code',
  agreePrivacyRequired: 'Please read and accept the privacy agreement',
  agreeCustomerRequired: 'Please read and accept the customer agreement',
  realNameRequired: 'Please enter your real name',
  idNumberRequired: 'Please enter your ID number',
  idPhotosRequired: 'Please upload the front and back of your ID',
  fundPasswordEmpty: 'Please enter the fund password',
  fundPasswordRule: 'Fund password must be 6 digits',
  positiveIntegerRequired: 'Please enter a positive integer',
  priceAboveZero: 'Price must be above 0',
  sameCurrency: 'The same currency cannot be exchanged',
  emailInvalid: 'Invalid email format',
  imageTypeNotAllowed: 'Only JPG, PNG or WEBP images are allowed',
  imageTooLarge: 'The image must be 5 MB or smaller',
};
