// Public surface of the common module (site config, logo, uploads): what other modules may import.
export { siteConfig, uploads, type SiteConfigRow, type UploadRow } from './schema';
export { UPLOAD_MAX_BYTES, UPLOAD_PURPOSES, type UploadPolicyGrant, type UploadPurpose } from './upload/policy';
export { claimUpload } from './upload/claim';
export { isUploadKey, issueUploadPolicy } from './upload/issue';
export { LOGO_PATH, seedDatabase, SITE_CONFIG_SEED } from './seed';
export { signedObjectPath, SIGNED_URL_TTL_MS } from './upload/signed-url';
