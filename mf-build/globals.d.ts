// Constants injected by mf-build's DefinePlugin.
declare const __KABUTO_SDK_CONTRACT__: number;
declare const __KABUTO_SDK_VERSION__: string;
declare const __KABUTO_PACKAGE_VERSION__: string;
