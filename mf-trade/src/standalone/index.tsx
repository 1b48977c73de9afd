// Team dev mode only (npm run dev): dynamic imports are the async boundary federation needs before shared singletons.
void Promise.all([import('@kabuto/shared-sdk/ui'), import('../routes')]).then(([sdk, remote]) => sdk.renderStandalone(remote));
