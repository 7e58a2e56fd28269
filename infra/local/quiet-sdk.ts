// Imported first by the local cloud: the machines run Node 20, and the SDKs' upgrade notices
// (v3: Node 22 needed after January 2027; v2, pulled in by cognito-local: end of support) are noise here.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
process.env.AWS_SDK_JS_SUPPRESS_MAINTENANCE_MODE_MESSAGE ??= '1';
