// jsdom lacks the TextEncoder and TextDecoder react-router needs: node's, before any test module loads.
if (typeof globalThis.TextEncoder === 'undefined') {
  const { TextDecoder, TextEncoder } = require('node:util');
  Object.assign(globalThis, { TextDecoder, TextEncoder });
}
