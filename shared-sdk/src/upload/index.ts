export { JPEG_QUALITY, MAX_IMAGE_SIDE, compressImage, scaledSize } from './compress';
export { makeUploadKey, randomName, uploadKeyOf } from './key';
export { getUploadPolicy, isUploadPolicy, type UploadPolicy, type UploadPurpose } from './policy';
export { ALLOWED_IMAGE_TYPES, imageUrl, isAllowedImageType, uploadImage, type UploadOptions } from './upload';
